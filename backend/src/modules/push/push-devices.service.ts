import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { PushDevice, PushSubscribeRequest } from '../../contracts/push.js';
import { endpointProblem, keysProblem } from './push-endpoint.js';
import { PushSubscription } from './push.entities.js';
import { VapidKeys } from './vapid-keys.js';

export const PUSH_NOT_SET_UP = 'Web push is not set up on this server';

const deviceOf = (subscription: PushSubscription): PushDevice => ({
  id: subscription.id,
  label: subscription.label,
  endpoint: subscription.endpoint,
  createdAt: subscription.createdAt.toISOString(),
  lastSentAt: subscription.lastSentAt?.toISOString() ?? null,
});

/** Each user's devices that opted in to notifications: subscribe, list and remove, own devices only. */
@Injectable()
export class PushDevices {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly vapid: VapidKeys,
  ) {}

  /**
   * Records this browser's subscription for the user. The endpoint is the device: subscribing it again
   * (new keys after the browser renewed it, or another account signed in on that browser) updates its row.
   */
  async subscribe(userId: number, request: PushSubscribeRequest, label: string): Promise<PushDevice> {
    if (!(await this.vapid.get())) throw new ServiceUnavailableException(PUSH_NOT_SET_UP);
    const problem = endpointProblem(request.endpoint, this.config.push.allowLocalEndpoints) ?? keysProblem(request.keys.p256dh, request.keys.auth);
    if (problem) throw new BadRequestException(problem);
    const [row] = await this.em.getConnection().execute<{ id: number }[]>(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, label) values (?, ?, ?, ?, ?)
       on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label,
         created_at = case when push_subscriptions.user_id = excluded.user_id then push_subscriptions.created_at else now() end,
         last_sent_at = case when push_subscriptions.user_id = excluded.user_id then push_subscriptions.last_sent_at end
       returning id`,
      [userId, request.endpoint, request.keys.p256dh, request.keys.auth, label],
    );
    return deviceOf(await this.em.fork().findOneOrFail(PushSubscription, row.id));
  }

  async list(userId: number): Promise<PushDevice[]> {
    const subscriptions = await this.em.find(PushSubscription, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return subscriptions.map(deviceOf);
  }

  /** One of the user's devices; 404 for another user's (whose devices are not the caller's business). */
  async own(userId: number, id: number): Promise<PushSubscription> {
    const subscription = await this.em.findOne(PushSubscription, { id, user: userId });
    if (!subscription) throw new NotFoundException('You have no such device');
    return subscription;
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.em.nativeDelete(PushSubscription, { id, user: userId }))) throw new NotFoundException('You have no such device');
  }
}
