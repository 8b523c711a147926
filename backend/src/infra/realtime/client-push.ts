import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { ClientEventMap, ClientEventName, Room } from '../../contracts/client-events.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { boundedRedis } from '../redis/redis-options.js';
import { REVALIDATE_SOCKETS, type RevalidateRequest } from './rooms.js';

/**
 * Sends typed messages to browsers from any process: through Redis to every API instance's
 * Socket.IO server (Redis adapter), which delivers them to the sockets in the room.
 */
@Injectable()
export class ClientPush implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly key: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A logout waits on it; in the worker a failed push fails its job, which is retried.
    this.redis = boundedRedis(config.redisUrl);
    this.redis.on('error', () => undefined);
    this.key = `${config.redisPrefix}:socket.io`;
  }

  /**
   * Publishes the message; resolves once Redis took it and rejects when it did not, so the
   * subscriber that sends it fails and is retried instead of being marked handled.
   */
  async send<N extends ClientEventName>(room: Room, name: N, payload: ClientEventMap[N]): Promise<void> {
    await this.publish(`The push of ${name} to ${room}`, (emitter) => emitter.to(room).emit(name, payload));
  }

  /**
   * Publishes a message a socket may miss (live timing frames): each API instance drops it for a socket
   * whose buffer is not drained, so a slow viewer skips frames instead of falling behind.
   */
  async sendVolatile<N extends ClientEventName>(room: Room, name: N, payload: ClientEventMap[N]): Promise<void> {
    await this.publish(`The push of ${name} to ${room}`, (emitter) => emitter.to(room).volatile.emit(name, payload));
  }

  /**
   * Makes every API instance identify its sockets in `room` again and move them to the rooms they
   * may be in now (after a logout: the session's room; after a role change: the user's room).
   */
  async revalidate(room: RevalidateRequest['room']): Promise<void> {
    const request: RevalidateRequest = { room };
    await this.publish(`The revalidation of ${room}`, (emitter) => emitter.serverSideEmit(REVALIDATE_SOCKETS, request));
  }

  private async publish(what: string, emit: (emitter: Emitter) => void): Promise<void> {
    // The emitter encodes the message but drops its publish's promise: hand it a publisher that keeps it.
    let published: Promise<unknown> = Promise.reject(new Error(`${what} was not published`));
    published.catch(() => undefined);
    const publisher = { publish: (channel: string, message: string | Buffer) => (published = this.redis.publish(channel, message)) };
    emit(new Emitter(publisher, { key: this.key }));
    await published;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
