// Plain JavaScript: jest loads global setup outside its module system. Each browser-test file starts
// a site of its own (support/site.ts runs the built server as `npm start` does); this only checks
// that the build is there.
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export default function globalSetup() {
  if (!existsSync(path.join(ROOT, 'backend/dist/backend/src/start.js')) || !existsSync(path.join(ROOT, 'frontend/dist/index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test and npm run test:e2e do).');
  }
}
