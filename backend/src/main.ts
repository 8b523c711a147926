import { createApp } from './app.js';
import { prepareDatabase } from './infra/database/database-setup.js';
import { checkServices } from './infra/preflight.js';
import { runEntryPoint } from './infra/run.js';

/** The API process: checks services, applies migrations, serves HTTP. */
runEntryPoint(async (config) => {
  await checkServices(config.databaseUrl, config.redisUrl);
  await prepareDatabase(config.databaseUrl);
  const app = await createApp(config);
  await app.listen(config.port);
});
