import { ApiError, apiRequest } from '../../lib/api/client.js';
import { SaveFailure, type FieldErrors } from './saveWithImage.js';

// Its own module: saveWithImage is in the entry chunk (a page there uses it), the multi-file save only in lazy screens.
/**
 * Saves a record with several files (SPEC §3), e.g. a group's `icon` and `banner`, a product's `image0`..:
 * multipart PUT with the record as a JSON text part and each chosen file as its own part.
 */
export async function saveWithFiles<T>({
  path,
  part,
  record,
  files,
}: {
  path: string;
  part: string;
  record: unknown;
  files: Record<string, File | null | undefined>;
}): Promise<T> {
  const form = new FormData();
  form.append(part, JSON.stringify(record));
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file);
  try {
    return await apiRequest<T>(path, { method: 'PUT', body: form, silent: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) throw new SaveFailure(0, 'The server could not be reached. Check your connection and try again.', {});
    const body = typeof error.body === 'object' && error.body !== null ? (error.body as { message?: unknown; errors?: unknown }) : {};
    const message = typeof body.message === 'string' && body.message ? body.message : `Saving failed (${error.status})`;
    const errors = typeof body.errors === 'object' && body.errors !== null ? (body.errors as FieldErrors) : {};
    throw new SaveFailure(error.status, message, errors);
  }
}
