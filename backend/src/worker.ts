import { checkServices } from './infra/preflight.js';
import { runEntryPoint } from './infra/run.js';
import { startWorker } from './worker-process.js';

/** `npm run worker`: one worker process; run as many as the load needs. */
runEntryPoint(async (config) => {
  await checkServices(config.databaseUrl, config.redisUrl);
  await startWorker(config);
  process.stdout.write('Worker is handling domain events\n');
});
