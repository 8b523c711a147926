import { NotFoundException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config/environment.js';
import { PUSH_CURSOR_TIMING } from './contracts/client-events.js';
import { carriesSessionCookie } from './modules/auth/session.js';

/** Encodings the build writes beside each text asset (frontend/build/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

const isApiPath = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/socket.io');

/** The best precompressed copy of `file` the browser accepts, if the build wrote one. */
function precompressed(request: Request, file: string): { encoding: string; file: string } | null {
  const accepted = request.acceptsEncodings(ENCODINGS.map(({ name }) => name));
  const encoding = ENCODINGS.find(({ name }) => name === accepted);
  return encoding && existsSync(file + encoding.extension) ? { encoding: encoding.name, file: file + encoding.extension } : null;
}

/** Sends a file of the build, precompressed when the browser takes it, with the type of the original. */
function sendBuilt(request: Request, response: Response, next: NextFunction, file: string, cacheControl: string, vary = 'Accept-Encoding'): void {
  const chosen = precompressed(request, file);
  response.setHeader('Vary', vary);
  response.setHeader('Cache-Control', cacheControl);
  response.type(path.extname(file));
  if (chosen) response.setHeader('Content-Encoding', chosen.encoding);
  response.sendFile(chosen?.file ?? file, { cacheControl: false }, (error) => error && next(error));
}

/**
 * Start-up's two calls (frontend/src/app/startUp.ts), preloaded in SPEC §4's order (the config, then the
 * user) for a browser that sends a session cookie: start-up asks for the user only once the entry has
 * arrived and run, a second or more on a phone, and a signed-in page's shell waits for it. Start-up takes
 * the answers in that order too. (index.html preloads the config for everyone; the browser fetches it once.)
 * Not for visitors: their lookup answers 401 either way, and answered earlier it drew their page in fewer,
 * longer tasks (Lighthouse's TBT on Home about 330 → 465 ms, back to back).
 */
const START_UP_PRELOADS = ['/api/config', '/api/users/me'].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');

/**
 * The built client at `/`: hashed assets cached for a year, `index.html` revalidated on every visit,
 * both sent as the build's brotli or gzip copies; every other non-API path gets index.html (SPA routes).
 * index.html carries the push log's cursor (`pushCursor`, see PushLog) in a Server-Timing entry the
 * page reads: its live connection refetches only what may have changed since.
 */
export function serveWebClient(app: NestExpressApplication, config: AppConfig, pushCursor: () => Promise<string | null>): void {
  const root = config.webDist ? path.resolve(config.webDist) : null;
  const index = root ? path.join(root, 'index.html') : null;
  const hasClient = !!root && !!index && existsSync(index);
  if (hasClient) {
    const assets = path.join(root, 'assets');
    app.use('/assets', (request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      let file: string;
      try {
        file = path.join(assets, path.normalize(decodeURIComponent(request.path)));
      } catch {
        return next(new NotFoundException(`No asset ${request.path}`));
      }
      if (!file.startsWith(assets + path.sep) || !existsSync(file)) return next(new NotFoundException(`No asset ${request.path}`));
      sendBuilt(request, response, next, file, 'public, max-age=31536000, immutable');
    });
    const rootFiles = express.static(root, {
      index: false,
      maxAge: '1h',
      // The service worker is checked for updates on every visit: a new one takes over without waiting an hour.
      setHeaders: (response, file) => path.basename(file) === 'sw.js' && response.setHeader('Cache-Control', 'no-cache'),
    });
    // An API call never looks for a file first: that costs each one a file-system lookup on libuv's thread pool.
    app.use((request: Request, response: Response, next: NextFunction) => (isApiPath(request.path) ? next() : rootFiles(request, response, next)));
  }
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.path)) return next();
    if (!hasClient || !index) return next(new NotFoundException('The web client is not built; run npm run build'));
    if (carriesSessionCookie(request, config.session.cookieName)) response.setHeader('Link', START_UP_PRELOADS);
    void pushCursor().then((cursor) => {
      if (cursor) response.setHeader('Server-Timing', `${PUSH_CURSOR_TIMING};desc="${cursor}"`);
      sendBuilt(request, response, next, index, 'no-cache', 'Accept-Encoding, Cookie');
    });
  });
}
