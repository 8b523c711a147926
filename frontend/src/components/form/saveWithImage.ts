/**
 * Saves a record the way the API takes them (SPEC §3): multipart with the record as a JSON text part
 * and an optional image file. A refusal comes back as the `ApiError` (silent: the form shows it by field).
 */
import { apiRequest } from '../../lib/api/client.js';

export interface MultipartSave {
  method?: 'PUT' | 'POST';
  path: string;
  /** The JSON part's name: `event`, `game`, `track`, `car`. */
  part: string;
  record: unknown;
  image?: File | null;
  /** The file part's name; `icon` unless told. */
  imagePart?: string;
  /** The form's submit key (see `useApiForm`); a fresh one per call otherwise. */
  idempotencyKey?: string;
}

export function saveWithImage<T>({ image, imagePart = 'icon', ...save }: MultipartSave): Promise<T> {
  return saveWithFiles<T>({ ...save, files: { [imagePart]: image } });
}

/**
 * Saves a record with several files, e.g. a group's `icon` and `banner`, a product's `image0`..: the record
 * as a JSON text part and each chosen file as its own part.
 */
export function saveWithFiles<T>({
  method = 'PUT',
  path,
  part,
  record,
  files,
  idempotencyKey,
}: Omit<MultipartSave, 'image' | 'imagePart'> & { files: Record<string, File | null | undefined> }): Promise<T> {
  const form = new FormData();
  form.append(part, JSON.stringify(record));
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file);
  return apiRequest<T>(path, { method, body: form, silent: true, idempotencyKey });
}
