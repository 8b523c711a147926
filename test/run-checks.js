// `npm test` before the tests: lint, formatting and the type checks the build has not done, two at a
// time (each is one single-threaded process; the machine has two cores). The build's tsc has checked
// the backend's code; `tsc -p test` checks it again with its specs, so `tsc -p backend` is not repeated
// here (`npm run typecheck` still runs all three). Each check's output is printed when it ends; the
// exit status is the first failure's.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
/**
 * Longest first, so the two lanes end together. ESLint runs as two processes over the same rules and
 * together the same files, the web client's and all the others (about a third and two thirds of its
 * time): its type-aware rules build each TypeScript program, which made it the longest check by far, and
 * in one process it kept one lane busy long after the other had run everything else.
 */
const CHECKS = [
  ['eslint (all but frontend)', [bin('eslint'), '.', '--ignore-pattern', 'frontend/**']],
  ['eslint frontend', [bin('eslint'), 'frontend']],
  ['prettier', [bin('prettier'), '--check', '.']],
  ['tsc -p test', [bin('tsc'), '-p', 'test', '--noEmit']],
  ['tsc -p frontend', [bin('tsc'), '-p', 'frontend', '--noEmit']],
];

function run([name, [command, ...args]]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n${code === 0 ? '' : output}`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...CHECKS];
const lanes = Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
  let status = 0;
  // Every check runs, after a failure too (each failure is printed). (`status ||= await run(…)` skipped the
  // call once a check had failed and spun here for ever, one core busy, instead of exiting.)
  while (queue.length) {
    const code = await run(queue.shift());
    status ||= code;
  }
  return status;
});
const statuses = await Promise.all(lanes);
process.exit(statuses.find((status) => status !== 0) ?? 0);
