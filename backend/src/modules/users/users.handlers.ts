import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';

@Injectable()
export class UsersHandlers {
  /** Roles granted or revoked: the user's open sockets, on every API instance, move to the rooms the new roles allow. */
  @HandlesDomainEvent('UserRolesChanged', { external: true })
  async revalidateSockets(event: DomainEvent<'UserRolesChanged'>, { push }: ExternalContext): Promise<void> {
    await push.revalidate(`user:${event.payload.userId}`);
  }

  /** An API key replaced or revoked: sockets opened with it are identified again, which disconnects them (as a logout does a session's). */
  @HandlesDomainEvent('ApiKeyChanged', { external: true })
  async disconnectKeySockets(event: DomainEvent<'ApiKeyChanged'>, { push }: ExternalContext): Promise<void> {
    await push.revalidate(`user:${event.payload.userId}`);
  }
}
