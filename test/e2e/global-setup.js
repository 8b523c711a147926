// Plain JavaScript: jest loads global setup outside its module system. It starts the built site
// (`npm start`'s server: API + web client), which creates, migrates and seeds its fresh database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'backend/dist/backend/src/start.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, output) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The e2e server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The e2e server did not become healthy in 30 s:\n${output()}`);
}

export default async function globalSetup() {
  if (!existsSync(SERVER) || !existsSync(path.join(ROOT, 'frontend/dist/index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test and npm run test:e2e do).');
  }
  const databaseUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock');
  databaseUrl.pathname = `/paddock_e2e_${process.pid}_${Date.now().toString(36)}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), PUBLIC_URL: baseUrl, DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  globalThis.__E2E_SERVER__ = server;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl.toString();
  await waitForHealth(baseUrl, server, () => output);
}
