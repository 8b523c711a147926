import { startApi } from './api-process.js';
import { runEntryPoint } from './infra/run.js';
import { startDemoLiveTiming } from './seed/demo-live-timing.js';
import { startWorker } from './worker-process.js';

/**
 * `npm start`: the whole league on one machine — the API (with the web client) and a worker in one process;
 * with the demo league, a simulated race plays into its live event (in the background: health does not wait).
 */
runEntryPoint(async (config) => {
  const api = await startApi(config);
  await startWorker(config);
  if (config.discord.useStandIn && config.demoData && config.demoLiveTiming) startDemoLiveTiming(api, (line) => process.stdout.write(`${line}\n`));
});
