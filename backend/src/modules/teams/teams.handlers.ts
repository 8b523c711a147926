import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';

/** Teams' pushes: every open team page refetches; the drivers whose teams or invitations changed refetch who they are. */
@Injectable()
export class TeamsHandlers {
  @HandlesDomainEvent('TeamChanged', { external: true })
  async pushTeam(event: DomainEvent<'TeamChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'teams.changed', { teamId: event.payload.teamId });
  }

  @HandlesDomainEvent('TeamChanged', { external: true })
  async pushToDrivers(event: DomainEvent<'TeamChanged'>, { push }: ExternalContext): Promise<void> {
    for (const userId of event.payload.userIds) await push.send(`user:${userId}`, 'me.changed', { reason: 'teams' });
  }

  @HandlesDomainEvent('TeamInviteChanged', { external: true })
  async pushInvite(event: DomainEvent<'TeamInviteChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send(`user:${event.payload.userId}`, 'me.changed', { reason: 'invites' });
    await push.send('everyone', 'teams.changed', { teamId: event.payload.teamId });
  }
}
