// `npm test` after the build: every test file in one jest run over parallel workers (TEST_WORKERS, 2 by
// default). Files never share state: each integration file has its own app, database and Redis prefix,
// each browser-test file its own site (built server, database, Redis prefix) and browser contexts (in
// the one Chromium the e2e global setup starts). Extra arguments go to the run. Ends with the slowest ten files and the one "tests: …" line CI reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const JEST = path.join(ROOT, 'node_modules/jest/bin/jest.js');
const summaryDir = mkdtempSync(path.join(tmpdir(), 'paddock-tests-'));
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  TEST_SUMMARY_FILE: path.join(summaryDir, 'summary.json'),
};
const extra = process.argv.slice(2);
const runs = [['--selectProjects', 'backend-unit', 'frontend-unit', 'integration', 'e2e', `--maxWorkers=${process.env.TEST_WORKERS ?? 2}`]];
let status = 0;
try {
  for (const args of runs) {
    const run = spawnSync(process.execPath, [JEST, ...args, ...extra], { cwd: ROOT, env, stdio: 'inherit' });
    status ||= run.status ?? 1;
  }
} finally {
  rmSync(summaryDir, { recursive: true, force: true });
}
process.exit(status);
