import { ConfigError, loadConfig, type AppConfig } from '../config/environment.js';
import { ServiceUnreachableError } from './preflight.js';

/**
 * Runs a process entry point. Configuration and unreachable-service problems end the process with
 * their one-line messages (no stack trace); anything else is a real crash and is printed in full.
 */
export function runEntryPoint(main: (config: AppConfig) => Promise<void>): void {
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
