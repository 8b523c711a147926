/**
 * Saves a record the way the API takes them (SPEC §3): multipart with the record as a JSON text part
 * and an optional image file. Failures come back as a `SaveFailure` for the form to show by field.
 */
import { ApiError, apiRequest } from '../../lib/api/client.js';
import type { ErrorBody } from '@paddock/contracts/api.js';

/** Messages by field path as the API names them, e.g. `name`, `raceEvents.0.races`. */
export type FieldErrors = Record<string, string[]>;

export class SaveFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors,
  ) {
    super(message);
    this.name = 'SaveFailure';
  }
}

function isErrorBody(body: unknown): body is Partial<ErrorBody> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

function failureOf(status: number, body: unknown, fallback: string): SaveFailure {
  if (status === 0) return new SaveFailure(0, fallback, {});
  if (!isErrorBody(body)) return new SaveFailure(status, `Saving failed (${status})`, {});
  const message = typeof body.message === 'string' ? body.message : `Saving failed (${status})`;
  const errors = body.errors && typeof body.errors === 'object' ? body.errors : {};
  return new SaveFailure(status, message, errors);
}

export interface MultipartSave {
  method?: 'PUT' | 'POST';
  path: string;
  /** The JSON part's name: `event`, `game`, `track`, `car`. */
  part: string;
  record: unknown;
  image?: File | null;
  /** The file part's name; `icon` unless told. */
  imagePart?: string;
}

export async function saveWithImage<T>({ method = 'PUT', path, part, record, image, imagePart = 'icon' }: MultipartSave): Promise<T> {
  const form = new FormData();
  form.append(part, JSON.stringify(record));
  if (image) form.append(imagePart, image);
  try {
    // Silent: the form itself shows what went wrong, by field.
    return await apiRequest<T>(path, { method, body: form, silent: true });
  } catch (error) {
    if (error instanceof ApiError) throw failureOf(error.status, error.body, error.message);
    throw error;
  }
}

/** The messages for one field, and for fields below it when `nested` (e.g. `raceEvents` covers `raceEvents.0.track.id`). */
export function errorsFor(errors: FieldErrors, field: string, nested = false): string | undefined {
  const messages = Object.entries(errors)
    .filter(([path]) => path === field || (nested && path.startsWith(`${field}.`)))
    .flatMap(([, list]) => list);
  return messages.length ? messages.join('; ') : undefined;
}

/** Messages for fields the form does not show by name, so none is ever lost. */
export function otherErrors(errors: FieldErrors, shown: (path: string) => boolean): string[] {
  return Object.entries(errors)
    .filter(([path]) => !shown(path))
    .flatMap(([path, list]) => list.map((message) => `${path}: ${message}`));
}
