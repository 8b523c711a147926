import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NotFoundException, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Redis } from 'ioredis';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/environment.js';
import { AppModule } from './app.module.js';
import { REDIS } from './infra/redis/redis.module.js';
import { RedisIoAdapter } from './infra/realtime/redis-io.adapter.js';
import { sessionMiddleware } from './modules/auth/session.js';
import { httpMetrics } from './modules/ops/http-metrics.middleware.js';
import { Metrics } from './modules/ops/metrics.js';
import { mountQueueDashboard } from './modules/ops/queue-dashboard.js';

export const BODY_LIMIT = '1mb';

/** Builds the whole HTTP application (API under /api, OpenAPI at /api/docs, the web client at /). */
export async function createApp(config: AppConfig, options: { logger?: boolean } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config), {
    bodyParser: false,
    bufferLogs: options.logger !== false,
    logger: options.logger === false ? false : undefined,
    abortOnError: false,
  });
  if (options.logger !== false) app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');

  app.use(httpMetrics(app.get(Metrics)));
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  const sessions = sessionMiddleware(config, app.get<Redis>(REDIS));
  app.use(...sessions);
  app.useWebSocketAdapter(new RedisIoAdapter(app, config.redisUrl, config.redisPrefix, sessions));
  mountQueueDashboard(app);

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  serveWebClient(app, config);

  const openApi = new DocumentBuilder()
    .setTitle(`${config.leagueName} API`)
    .setDescription('REST contract of the league website. Changes made with the session cookie must send X-Requested-With: XMLHttpRequest.')
    .setVersion('1')
    .addCookieAuth('paddock.sid', { type: 'apiKey', in: 'cookie' }, 'session')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key from POST /api/users/me/apiKey' }, 'apiKey')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  await app.get(MikroORM).connect();
  return app;
}

/** The built client at `/` with long-cached assets; every non-API path falls back to index.html (SPA routes). */
function serveWebClient(app: NestExpressApplication, config: AppConfig): void {
  const root = config.webDist ? path.resolve(config.webDist) : null;
  const index = root ? path.join(root, 'index.html') : null;
  const hasClient = !!index && existsSync(index);
  if (hasClient && root) {
    app.use('/assets', express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
    app.use(express.static(root, { index: false, maxAge: '1h' }));
  }
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (request.path === '/api' || request.path.startsWith('/api/') || request.path.startsWith('/socket.io')) return next();
    if (!hasClient || !index) return next(new NotFoundException('The web client is not built; run npm run build'));
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
}
