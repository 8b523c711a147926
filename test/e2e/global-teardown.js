// Stops the Chromium that global-setup.js started for the browser-test files.
export default async function globalTeardown() {
  await globalThis.paddockBrowserServer?.close();
}
