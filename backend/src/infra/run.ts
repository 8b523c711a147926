import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig, type AppConfig } from '../config/environment.js';
import { ServiceUnreachableError } from './preflight.js';

/**
 * How far V8 lets the old generation grow past what its last full collection kept, in percent. Left to
 * itself it allows about 10 % when collecting is cheap (this process keeps about 100 MB: mostly code), and
 * a request's few promoted bytes (about 0.5 MB/s at 25,000 visitors' reads a second) then brought a full
 * mark-compact every 15-20 s under load; each one holds the event loop 10-30 ms and takes as long again in
 * marking steps, and the requests due meanwhile queue (bench:reads: 11 of the 13 rows whose held p99 missed
 * had one). Twice the kept heap spaces them minutes apart, for up to about 100 MB more memory.
 */
const OLD_GENERATION_GROWTH_PERCENT = 100;

/**
 * V8's allocation-site pretenuring, turned off. It allocates an object literal's later objects straight in the
 * old generation once most of the site's young ones survived a scavenge, and under a held load a
 * request's objects often do: the requests in flight are alive at every scavenge (one every 90 ms at
 * 12,000 reads a second). Sites of every request were tenured then, and the old generation grew by about
 * 2 KB a request (20 MB/s): a full collection every 7-8 s. Off, the same load on the same site: none in
 * 20 s, the kept heap steady, and 5-10 % less CPU per request (it copies what survives once more instead).
 */
const WITHOUT_PRETENURING = '--no-allocation-site-pretenuring';

/**
 * Runs a process entry point. Configuration and unreachable-service problems end the process with
 * their one-line messages (no stack trace); anything else is a real crash and is printed in full.
 */
export function runEntryPoint(main: (config: AppConfig) => Promise<void>): void {
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
  setFlagsFromString(WITHOUT_PRETENURING);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    exitWith(error);
    return;
  }
  main(config).catch(exitWith);
}

function exitWith(error: unknown): never {
  if (error instanceof ConfigError || error instanceof ServiceUnreachableError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
}
