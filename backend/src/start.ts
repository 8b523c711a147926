import { startApi } from './api-process.js';
import { runEntryPoint } from './infra/run.js';

/** `npm start`: the whole league on one machine — the API (with the web client) and the worker in one process. */
runEntryPoint(async (config) => {
  await startApi(config);
});
