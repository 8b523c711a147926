import type { Request } from 'express';

/**
 * The anti-CSRF rule for cookie-authenticated changes, one place for every route (the AccessGuard)
 * and for what is mounted outside the controllers (Bull Board): the request must carry
 * `X-Requested-With: XMLHttpRequest`. A page on another site cannot send that header without a CORS
 * preflight, which this server never grants; forms and links cannot send it at all.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
export const CSRF_MESSAGE = 'Changes made with a session cookie must send the header X-Requested-With: XMLHttpRequest';

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a change carries the proof that it comes from this site's own scripts. */
export function hasCsrfProof(request: Request): boolean {
  return request.get(CSRF_HEADER) === CSRF_HEADER_VALUE;
}
