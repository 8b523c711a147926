import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';

/** Roles granted or revoked: the user's open sockets, on every API instance, move to the rooms the new roles allow. */
@Injectable()
export class UsersHandlers {
  @HandlesDomainEvent('UserRolesChanged', { external: true })
  async revalidateSockets(event: DomainEvent<'UserRolesChanged'>, { push }: ExternalContext): Promise<void> {
    await push.revalidate(`user:${event.payload.userId}`);
  }
}
