import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent } from '../../infra/outbox/handles-domain-event.js';
import { PushService } from './push.service.js';

/**
 * The notification centre's notifications reach the devices of users who want that kind pushed: one
 * push per notification (its id is the push's key, so a retried event queues nothing twice).
 */
@Injectable()
export class NotificationPushes {
  constructor(private readonly pushes: PushService) {}

  @HandlesDomainEvent('NotificationCreated', { external: true, background: true })
  async pushNotification({ payload }: DomainEvent<'NotificationCreated'>): Promise<void> {
    if (!payload.push) return;
    const { userId, notificationId, title, body, link, kind } = payload;
    await this.pushes.sendToUser(userId, { title, body, link, tag: kind }, { key: `notification-${notificationId}` });
  }
}
