import { rmSync } from 'node:fs';

// Stops the Chromium that global-setup.js started for the browser-test files, and removes the sites' compile cache.
export default async function globalTeardown() {
  await globalThis.paddockBrowserServer?.close();
  const compileCache = process.env.PADDOCK_SITE_COMPILE_CACHE;
  if (compileCache) rmSync(compileCache, { recursive: true, force: true });
}
