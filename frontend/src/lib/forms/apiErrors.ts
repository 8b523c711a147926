import type { ErrorBody } from '@paddock/contracts/api.js';
import { ApiError } from '../api/client.js';

/** Messages by field path as the API names them (`name`, `raceEvents.0.races`), from a 400's `errors`. */
export type ApiFieldErrors = Record<string, string[]>;

/** A refused save sorted for a form: a message beside each field the form shows, and one summary for the rest. */
export interface MappedFailure<F extends string> {
  byField: Partial<Record<F, string>>;
  /** "Please correct the marked fields." when a field is named, else what went wrong in words. */
  formMessage: string;
  /** Messages about fields the form does not show, each said in words (never lost). */
  others: string[];
}

export const CORRECT_MARKED_FIELDS = 'Please correct the marked fields.';

function isErrorBody(body: unknown): body is Partial<ErrorBody> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** The `errors` of a refused call's body (empty for any other failure). */
export function apiFieldErrors(error: unknown): ApiFieldErrors {
  if (!(error instanceof ApiError) || !isErrorBody(error.body)) return {};
  const { errors } = error.body;
  return typeof errors === 'object' && errors !== null && !Array.isArray(errors) ? errors : {};
}

/** What a failed change says to the person who made it, in words: the API's own message when it sent one. */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return `${fallback}: the server could not be reached. Check your connection and try again.`;
  if (error.status === 401) return `${fallback}: your session has ended. Sign in again.`;
  if (error.status === 403) return `${fallback}: your account may no longer do this.`;
  const body = error.body;
  if (isErrorBody(body) && typeof body.message === 'string' && body.message) return `${fallback}: ${body.message}`;
  return `${fallback} (${error.status}).`;
}

const lastSegment = (path: string) =>
  path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .pop() ?? path;

/**
 * The API names a field by its property ("carClass must not be empty"); a person reads its label
 * ("Car class must not be empty"). A message that does not start with the property is kept as it is.
 */
export function inWords(message: string, path: string, label: string | undefined): string {
  if (!label) return message;
  const property = lastSegment(path);
  if (message === property || message.startsWith(`${property} `)) return `${label}${message.slice(property.length)}`;
  return message;
}

export interface FailureMapping<F extends string> {
  /** The form's field an API path belongs to, or null for a path no field shows. */
  fieldOf: (path: string) => F | null;
  /** The label of a form field, to say its messages in words. */
  labelOf?: (field: F) => string | undefined;
  /** "The game was not saved": the summary for a failure that names no field. */
  notSaved: string;
}

/** Sorts a failed save (any error: a 400 with field errors, a 409, no answer) for a form. */
export function mapFailure<F extends string>(error: unknown, { fieldOf, labelOf = () => undefined, notSaved }: FailureMapping<F>): MappedFailure<F> {
  const byField: Partial<Record<F, string>> = {};
  const others: string[] = [];
  for (const [path, messages] of Object.entries(apiFieldErrors(error))) {
    const field = fieldOf(path);
    const texts = messages.map((message) => inWords(message, path, field ? labelOf(field) : undefined));
    if (field) byField[field] = [byField[field], ...texts].filter(Boolean).join('; ');
    else others.push(...texts);
  }
  const marked = Object.keys(byField).length > 0 || others.length > 0;
  return { byField, others, formMessage: marked ? CORRECT_MARKED_FIELDS : failureMessage(error, notSaved) };
}

/** The form field an API path falls under: the longest of `fields` the path is, or lies below (`points.race.3` → `points.race`). */
export function fieldUnder<F extends string>(fields: Iterable<F>, path: string): F | null {
  let found: F | null = null;
  for (const field of fields) {
    if ((path === field || path.startsWith(`${field}.`)) && (found === null || field.length > found.length)) found = field;
  }
  return found;
}
