import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { ClientEventMap, ClientEventName, Room } from '../../contracts/client-events.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';

/**
 * Sends typed messages to browsers from any process: through Redis to every API instance's
 * Socket.IO server (Redis adapter), which delivers them to the sockets in the room.
 */
@Injectable()
export class ClientPush implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly emitter: Emitter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    this.redis.on('error', () => undefined);
    this.emitter = new Emitter(this.redis, { key: `${config.redisPrefix}:socket.io` });
  }

  send<N extends ClientEventName>(room: Room, name: N, payload: ClientEventMap[N]): void {
    this.emitter.to(room).emit(name, payload);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
