import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { AppConfig } from '../../backend/src/config/environment.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKER = path.join(ROOT, 'backend/dist/backend/src/worker.js');

/** A real worker process (`npm run worker`, built) on the same database and Redis namespace as the app. */
export async function spawnWorker(config: AppConfig): Promise<ChildProcess> {
  const worker = spawn(process.execPath, [WORKER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: config.redisPrefix,
      WORKER_STALLED_MS: String(config.worker.stalledMs),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    worker.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Worker is handling domain events')) resolve();
    });
    worker.once('exit', (code) => reject(new Error(`The worker exited (${code}) before it was ready:\n${output}`)));
  });
  return worker;
}

export async function killWorker(worker: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill(signal);
  await exited;
}
