import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { RESYNC, type ClientEventMap } from '../../contracts/client-events.js';
import { boundedRedis } from '../redis/redis-options.js';

/**
 * Socket.IO on the Redis adapter, so a message sent by any process (workers use the Redis emitter)
 * reaches sockets on every API instance. The session middlewares run on the handshake, so a socket
 * knows its user exactly as an HTTP request does.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    app: INestApplicationContext,
    redisUrl: string,
    private readonly redisPrefix: string,
    private readonly handshakeMiddleware: RequestHandler[],
    /** PUBLIC_URL's origin: a handshake from a page of another origin is refused (no Origin: not a browser page, allowed). */
    private readonly publicOrigin: string,
  ) {
    super(app);
    // Requests wait on what the publisher sends (a logout's re-identification of sockets): its commands
    // are bounded. The subscriber's are not: it only waits for messages, and resubscribes by itself.
    this.publisher = boundedRedis(redisUrl);
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
    for (const client of [this.publisher, this.subscriber]) client.on('error', () => undefined);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      serveClient: false,
      // Cookies go with cross-site WebSocket handshakes (no CORS for them): only our own pages may open one.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        const allowed = origin === undefined || origin === this.publicOrigin;
        callback(allowed ? null : 'Forbidden origin', allowed);
      },
    } as ServerOptions) as Server;
    server.adapter(createAdapter(this.publisher, this.subscriber, { key: `${this.redisPrefix}:socket.io` }));
    for (const middleware of this.handshakeMiddleware) server.engine.use(middleware);
    this.resyncAfterSubscriptionGaps(server);
    return server;
  }

  /**
   * Pub/sub keeps nothing: what was published while this instance's subscription was down is lost.
   * When the subscription comes back, every socket here is told to refetch what it shows.
   */
  private resyncAfterSubscriptionGaps(server: Server): void {
    let subscribedBefore = this.subscriber.status === 'ready';
    this.subscriber.on('ready', () => {
      if (subscribedBefore) server.local.emit(RESYNC, {} satisfies ClientEventMap[typeof RESYNC]);
      subscribedBefore = true;
    });
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    // quit() lets the adapter's last unsubscribe commands finish instead of failing them.
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
