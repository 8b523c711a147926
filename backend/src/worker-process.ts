import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { Clock } from './common/clock.js';
import type { AppConfig } from './config/environment.js';
import { WorkerModule } from './worker.module.js';

/** Starts a worker: boot fails (with the list) when a domain event has no handler or two. */
export async function startWorker(config: AppConfig, options: { logger?: boolean; clock?: Clock } = {}): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forConfig(config, { clock: options.clock }), {
    bufferLogs: options.logger !== false,
    logger: options.logger === false ? false : undefined,
    abortOnError: false,
  });
  if (options.logger !== false) worker.useLogger(worker.get(Logger));
  worker.enableShutdownHooks();
  await worker.init();
  return worker;
}
