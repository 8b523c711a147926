import { checkServices } from './infra/preflight.js';
import { runEntryPoint } from './infra/run.js';

/** `npm run preflight`: stops `npm test` at once, with one line, when PostgreSQL or Redis is not there. */
runEntryPoint((config) => checkServices(config.databaseUrl, config.redisUrl));
