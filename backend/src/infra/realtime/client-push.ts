import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { ClientEventMap, ClientEventName, Room } from '../../contracts/client-events.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { boundedRedis } from '../redis/redis-options.js';
import { newEpoch, PUSH_MARK_TTL_S, pushLogKeys, RECORD_AND_PUBLISH, type PushLogKeys } from './push-log.js';
import { REVALIDATE_SOCKETS, type RevalidateRequest } from './rooms.js';

/**
 * Sends typed messages to browsers from any process: through Redis to every API instance's
 * Socket.IO server (Redis adapter), which delivers them to the sockets in the room.
 */
@Injectable()
export class ClientPush implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly key: string;
  private readonly pushLog: PushLogKeys;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A logout waits on it; in the worker a failed push fails its job, which is retried.
    this.redis = boundedRedis(config.redisUrl);
    this.redis.on('error', () => undefined);
    this.key = `${config.redisPrefix}:socket.io`;
    this.pushLog = pushLogKeys(config.redisPrefix);
  }

  /**
   * Publishes the message, counted in the push log (push-log.ts) with its room; resolves once Redis took
   * it and rejects when it did not, so the subscriber that sends it fails and is retried instead of
   * being marked handled.
   */
  async send<N extends ClientEventName>(room: Room, name: N, payload: ClientEventMap[N]): Promise<void> {
    await this.publish(
      `The push of ${name} to ${room}`,
      (emitter) => emitter.to(room).emit(name, payload),
      (channel, message) => this.redis.eval(RECORD_AND_PUBLISH, 2, this.pushLog.counter, this.pushLog.room(room), newEpoch(), PUSH_MARK_TTL_S, channel, message),
    );
  }

  /**
   * Publishes a message a socket may miss (live timing frames): each API instance drops it for a socket
   * whose buffer is not drained, so a slow viewer skips frames instead of falling behind. Not counted in
   * the push log: a socket joining the room gets the latest frame as it joins.
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

  private async publish(
    what: string,
    emit: (emitter: Emitter) => void,
    publish = (channel: string, message: string | Buffer): Promise<unknown> => this.redis.publish(channel, message),
  ): Promise<void> {
    // The emitter encodes the message but drops its publish's promise: hand it a publisher that keeps it.
    let published: Promise<unknown> = Promise.reject(new Error(`${what} was not published`));
    published.catch(() => undefined);
    const publisher = { publish: (channel: string, message: string | Buffer) => (published = publish(channel, message)) };
    emit(new Emitter(publisher, { key: this.key }));
    await published;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
