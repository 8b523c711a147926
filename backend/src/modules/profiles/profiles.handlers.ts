import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';

/**
 * Drivers' pushes to browsers: the driver's own tabs refetch who they are (a completed profile lets
 * them in, a promotion changes IsNew and the menus), and every open Grid, Crew or profile page refetches.
 */
@Injectable()
export class ProfilesHandlers {
  @HandlesDomainEvent('DriverProfileChanged', { external: true })
  async pushToDriver(event: DomainEvent<'DriverProfileChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send(`user:${event.payload.userId}`, 'me.changed', { reason: 'profile' });
  }

  @HandlesDomainEvent('DriverProfileChanged', { external: true })
  async pushToGrid(event: DomainEvent<'DriverProfileChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'drivers.changed', { profileId: event.payload.profileId });
  }

  @HandlesDomainEvent('DriverPromoted', { external: true })
  async pushPromotion(event: DomainEvent<'DriverPromoted'>, { push }: ExternalContext): Promise<void> {
    await push.send(`user:${event.payload.userId}`, 'me.changed', { reason: 'promoted' });
    await push.send('everyone', 'drivers.changed', { profileId: event.payload.profileId });
  }

  /** Granted or revoked roles (by an admin, a promotion, or team membership): the user's menus follow at once. */
  @HandlesDomainEvent('UserRolesChanged', { external: true })
  async pushRoles(event: DomainEvent<'UserRolesChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send(`user:${event.payload.userId}`, 'me.changed', { reason: 'roles' });
  }
}
