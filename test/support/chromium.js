// Plain JavaScript (types in chromium.d.ts): the browser tests' global setup, which Node loads without
// a TypeScript transform, starts Chromium with these too.

/** The system Chromium (never a downloaded browser). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags it runs with here: headless, and no background traffic on a closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
