import { prepareDatabase } from './infra/database/database-setup.js';
import { checkServices } from './infra/preflight.js';
import { runEntryPoint } from './infra/run.js';

/** `npm run migration:up`: creates the database if missing and applies pending migrations (the API does this at start too). */
runEntryPoint(async (config) => {
  await checkServices(config.databaseUrl, config.redisUrl);
  const applied = await prepareDatabase(config.databaseUrl);
  process.stdout.write(applied.length ? `Applied ${applied.join(', ')}\n` : 'The database is up to date\n');
});
