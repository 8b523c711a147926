import { SaveFailure, type FieldErrors } from '../../components/form/saveWithImage.js';
import { ApiError, apiRequest } from '../../lib/api/client.js';

/**
 * Saves a group or competition the way the API takes them (SPEC §3): multipart with the record as a
 * JSON text part and up to two image files (`icon`, `banner`). Failures come back as a `SaveFailure`
 * for the form to show by field, as `saveWithImage` does for one image.
 */
export async function saveWithImages<T>({ path, part, record, images }: { path: string; part: string; record: unknown; images: Record<string, File | null> }): Promise<T> {
  const form = new FormData();
  form.append(part, JSON.stringify(record));
  for (const [name, file] of Object.entries(images)) if (file) form.append(name, file);
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
