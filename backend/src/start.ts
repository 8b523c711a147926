import { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from './app.js';
import { prepareDatabase } from './infra/database/database-setup.js';
import { checkServices } from './infra/preflight.js';
import { runEntryPoint } from './infra/run.js';
import { seedDemoData } from './seed/demo-data.js';

/**
 * `npm start`: the whole league on one machine — checks PostgreSQL and Redis, creates and migrates
 * the database, seeds the demo league on first start, then serves API and web client.
 */
runEntryPoint(async (config) => {
  await checkServices(config.databaseUrl, config.redisUrl);
  await prepareDatabase(config.databaseUrl);
  const app = await createApp(config);
  const seeded = await seedDemoData(app.get(MikroORM).em.fork());
  await app.listen(config.port);
  const signIn = config.discord.useStandIn ? ' (sign in with the demo accounts of the Discord stand-in)' : '';
  process.stdout.write(`${config.leagueName} is running at ${config.publicUrl}${seeded ? ' with fresh demo data' : ''}${signIn}\n`);
});
