import { startApi } from './api-process.js';
import { runEntryPoint } from './infra/run.js';

/** One API instance (scale these out behind a load balancer; run workers with `npm run worker`). */
runEntryPoint(async (config) => {
  await startApi(config);
});
