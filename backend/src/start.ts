import { startApi } from './api-process.js';
import { runEntryPoint } from './infra/run.js';
import { startWorker } from './worker-process.js';

/** `npm start`: the whole league on one machine — the API (with the web client) and a worker in one process. */
runEntryPoint(async (config) => {
  await startApi(config);
  await startWorker(config);
});
