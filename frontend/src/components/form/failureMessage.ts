import { ApiError } from '../../lib/api/client.js';

/** What a failed change says to the person who made it, in words: the API's own message when it sent one. */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return `${fallback}: the server could not be reached. Check your connection and try again.`;
  if (error.status === 401) return `${fallback}: your session has ended. Sign in again.`;
  if (error.status === 403) return `${fallback}: your account may no longer do this.`;
  const body = error.body;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message) return `${fallback}: ${body.message}`;
  return `${fallback} (${error.status}).`;
}
