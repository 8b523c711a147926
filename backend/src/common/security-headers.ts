import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/environment.js';

/** Embedded players the client shows (VideoEmbed: YouTube without cookies, Twitch). */
const PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.twitch.tv'];

/**
 * The headers of a JSON answer, which is data and never a page: a policy that lets it load and run
 * nothing and be framed nowhere (as GitHub's API sends), nosniff, and the referrer policy. The document
 * headers (the page's CSP, COOP, Origin-Agent-Cluster, IE's and Flash's switches) concern pages only: a
 * page's CSP governs its own fetches, not the answers it reads. Half the bytes of an answer's head, and
 * a cached read's CPU with them.
 */
const JSON_ANSWER_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every page (every response but a JSON answer). Scripts only from
 * this origin (the built client, Swagger UI and Bull Board load theirs as files; none is inline).
 * Styles also allow 'unsafe-inline':
 * MUI/emotion inserts <style> tags at run time, and Swagger UI, Bull Board and the Discord stand-in
 * carry inline styles — a style cannot run code, so this is the usual trade. Images from any https
 * source (Discord avatars, affiliate logos) and data: URLs (Swagger UI's icons).
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const socketOrigin = new URL(config.publicUrl);
  socketOrigin.protocol = socketOrigin.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers same-origin WebSockets in current browsers; the explicit origin covers older ones.
    'connect-src': ["'self'", socketOrigin.origin],
    'frame-src': PLAYER_ORIGINS,
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/**
 * Security headers on every response (API, web client, Swagger UI, Bull Board), set as its head is
 * written: a JSON answer gets `JSON_ANSWER_HEADERS`, anything else (pages, scripts, styles, images, a
 * 304 without its type) the document headers: the page CSP, Referrer-Policy, X-Content-Type-Options and
 * helmet's others. No X-Powered-By, and HSTS only for requests that arrived over https through the
 * trusted proxy (TRUST_PROXY) — a plain-http install must not pin browsers to https. A header a route
 * set itself is kept.
 */
export function securityHeaders(config: AppConfig): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    // Images and public reads may be embedded by community tools (stream overlays) on other sites.
    crossOriginResourcePolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  const { set: documentHeaders, removed } = headersOf(headers);
  const fixed = (_request: Request, response: Response, next: NextFunction) => {
    // Node writes every head through `writeHead` (an implicit one too), once the type is known.
    const writeHead = response.writeHead;
    response.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      const json = String(this.getHeader('content-type') ?? '').startsWith('application/json');
      for (const [name, value] of json ? JSON_ANSWER_HEADERS : documentHeaders) if (!this.hasHeader(name)) this.setHeader(name, value);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    for (const name of removed) response.removeHeader(name);
    next();
  };
  const hsts = (request: Request, response: Response, next: NextFunction) => {
    if (config.trustProxy && request.secure) response.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  return [fixed, hsts];
}

/**
 * The headers `helmet` sets and removes, taken by running it once on a stand-in response: with these
 * options none depends on the request (no CSP nonce or function), so one middleware sets them on every
 * response instead of helmet's dozen middlewares per request (a measurable share of a cached read's cost).
 */
function headersOf(helmetMiddleware: (request: Request, response: Response, next: (error?: unknown) => void) => void): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const standIn = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let outcome: { error?: unknown } | undefined;
  helmetMiddleware({} as Request, standIn as unknown as Response, (error) => (outcome = { error }));
  if (!outcome || outcome.error) throw new Error(`helmet did not set its headers at once: ${String(outcome?.error ?? 'next was not called')}`);
  return { set, removed };
}
