import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import { createApp } from './app.js';
import type { AppConfig } from './config/environment.js';
import { prepareDatabase } from './infra/database/database-setup.js';
import { checkServices } from './infra/preflight.js';
import { seedDemoData } from './seed/demo-data.js';

/**
 * The API process: checks PostgreSQL and Redis, creates and migrates the database, and — on a demo
 * installation (Discord stand-in, unless DEMO_DATA=false) — seeds the demo league on first start, then serves HTTP.
 */
export async function startApi(config: AppConfig): Promise<INestApplication> {
  await checkServices(config.databaseUrl, config.redisUrl);
  await prepareDatabase(config.databaseUrl);
  const app = await createApp(config);
  const seeded = config.discord.useStandIn && config.demoData && (await seedDemoData(app.get(MikroORM).em.fork()));
  await app.listen(config.port);
  const demo = config.discord.useStandIn ? ' — sign in with the demo accounts of the Discord stand-in' : '';
  process.stdout.write(`${config.leagueName} is running at ${config.publicUrl}${seeded ? ' with fresh demo data' : ''}${demo}\n`);
  return app;
}
