// Plain JavaScript: jest loads global setup outside its module system. It checks that the build is
// there and starts the one Chromium every browser-test file connects to (support/browser.ts): a
// connection costs a tenth of a launch, and the machine runs one browser instead of one per file. Each
// file still starts a site of its own (support/site.ts runs the built server as `npm start` does); the
// sites share a compile cache for the run (Node's NODE_COMPILE_CACHE, in a temporary folder removed at
// teardown): each boot after the first skips compiling the server's modules, about 15 % of its CPU.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  if (!existsSync(path.join(ROOT, 'backend/dist/backend/src/start.js')) || !existsSync(path.join(ROOT, 'frontend/dist/index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test and npm run test:e2e do).');
  }
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  globalThis.paddockBrowserServer = browser;
  // Jest starts its workers after global setup: they inherit both.
  process.env.PADDOCK_BROWSER_WS = browser.wsEndpoint();
  process.env.PADDOCK_SITE_COMPILE_CACHE = mkdtempSync(path.join(tmpdir(), 'paddock-site-compile-cache-'));
}
