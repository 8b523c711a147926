import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import type { Redis } from 'ioredis';
import { Logger } from 'nestjs-pino';
import { compressedAnswers } from './common/compressed-answers.js';
import { BODY_LIMIT, verifyJsonBody } from './common/input-limits.js';
import { keepInteractionBody } from './infra/discord/interaction-signature.js';
import { abandonWhenClientLeaves, RefuseAbandonedCommits } from './common/request-abandonment.js';
import { securityHeaders } from './common/security-headers.js';
import { createValidationPipe } from './common/validation.js';
import { describeContractRoutes } from './common/openapi-contract.js';
import type { AppConfig } from './config/environment.js';
import { AppModule } from './app.module.js';
import type { Clock } from './common/clock.js';
import { connectWhenReachable } from './infra/database/database-setup.js';
import { MarkKeysAppliedAtCommit } from './infra/idempotency/idempotency.js';
import { ReadFastPath } from './infra/read-cache/read-fast-path.js';
import { REDIS } from './infra/redis/redis.module.js';
import { PushLog } from './infra/realtime/push-log.js';
import { RedisIoAdapter } from './infra/realtime/redis-io.adapter.js';
import { sessionMiddleware, signedInSessions } from './modules/auth/session.js';
import { httpMetrics } from './modules/ops/http-metrics.middleware.js';
import { Metrics } from './modules/ops/metrics.js';
import { mountQueueDashboard } from './modules/ops/queue-dashboard.js';
import { serveWebClient } from './web-client.js';

/** The API's path prefix: every controller route is under /api. */
const API_PREFIX = 'api';

/** Builds the whole HTTP application (API under /api, OpenAPI at /api/docs, the web client at /). */
export async function createApp(config: AppConfig, options: { logger?: boolean; clock?: Clock } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config, { clock: options.clock }), {
    bodyParser: false,
    bufferLogs: options.logger !== false,
    logger: options.logger === false ? false : undefined,
    abortOnError: false,
  });
  if (options.logger !== false) app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');

  app.use(...securityHeaders(config));
  app.use(httpMetrics(app.get(Metrics)));
  app.use(compressedAnswers());
  // Visitors' cached reads that are in the cache are answered here, before parsing, sessions and the Nest pipeline.
  const fastReads = app.get(ReadFastPath);
  app.use(fastReads.forVisitors(API_PREFIX));
  // And signed-in callers' hits: the session read, its renewal and the entry in one round trip to Redis.
  app.use(fastReads.forSignedIn(API_PREFIX, signedInSessions(config)));
  // A request whose client left, or past its deadline, commits nothing (checked before every COMMIT).
  // After the fast path, whose answers commit nothing: a hit pays for no deadline timer or abort signal.
  app.use(abandonWhenClientLeaves());
  app.get(MikroORM).em.getEventManager().registerSubscriber(new RefuseAbandonedCommits());
  // A change's COMMIT marks its idempotency key applied in the same transaction, so a retry never applies it twice.
  app.get(MikroORM).em.getEventManager().registerSubscriber(new MarkKeysAppliedAtCommit());
  // Size and nesting are limited while parsing, before sessions, access rules or validation run.
  app.use(
    express.json({
      limit: BODY_LIMIT,
      verify: (request, response, body, encoding) => {
        verifyJsonBody(request, response, body, encoding);
        keepInteractionBody(request, body);
      },
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  const sessions = sessionMiddleware(config, app.get<Redis>(REDIS));
  app.use(...sessions);
  app.useWebSocketAdapter(new RedisIoAdapter(app, config.redisUrl, config.redisPrefix, sessions, new URL(config.publicUrl).origin));
  mountQueueDashboard(app);

  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  const pushLog = app.get(PushLog);
  serveWebClient(app, config, () => pushLog.cursor());

  const openApi = new DocumentBuilder()
    .setTitle(`${config.leagueName} API`)
    .setDescription('REST contract of the league website. Changes made with the session cookie must send X-Requested-With: XMLHttpRequest.')
    .setVersion('1')
    .addCookieAuth(config.session.cookieName, { type: 'apiKey', in: 'cookie' }, 'session')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key from POST /api/users/me/apiKey' }, 'apiKey')
    .build();
  SwaggerModule.setup('api/docs', app, () => describeContractRoutes(SwaggerModule.createDocument(app, openApi), `/${API_PREFIX}`));

  await connectWhenReachable(app.get(MikroORM));
  return app;
}
