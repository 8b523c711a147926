import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { ClientEventMap } from '../../contracts/client-events.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { shownDriver } from '../../contracts/driver-name.js';
import { outcomeLabel } from '../../contracts/stewarding.js';
import { DiscordWebhook, type DiscordWebhookMessage } from '../../infra/discord/discord-webhook.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { Ticket, TicketDecision, TicketParty } from './stewarding.entities.js';

type Em = ExternalContext['em'];

/** The parties' user ids (the filer and every accused driver). */
async function partyUserIds(em: Em, ticketId: number): Promise<number[]> {
  const parties = await em.find(TicketParty, { ticket: ticketId }, { populate: ['profile.user'] });
  return [...new Set(parties.map((party) => party.profile.user.id))];
}

/**
 * Stewarding's pushes, run by the worker after the change committed: the live steward queue
 * (`flag:isSteward`), a notice to each party's own room, the public safety-car page, and the Discord
 * post of a decision (its own subscriber). Each reads what is committed and throws when a push fails.
 */
@Injectable()
export class StewardingHandlers {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhook: DiscordWebhook,
  ) {}

  @HandlesDomainEvent('TicketFiled', { external: true })
  async pushFiled(event: DomainEvent<'TicketFiled'>, { em, push }: ExternalContext): Promise<void> {
    await this.pushChange(em, push, event.payload.ticketId, 'filed');
    // Visitors see it too: the race's results stay provisional until the ticket is decided.
    await push.send('everyone', 'safety-car.changed', { ticketId: event.payload.ticketId });
  }

  @HandlesDomainEvent('TicketUpdated', { external: true })
  async pushUpdated(event: DomainEvent<'TicketUpdated'>, { em, push }: ExternalContext): Promise<void> {
    await this.pushChange(em, push, event.payload.ticketId, event.payload.change);
  }

  @HandlesDomainEvent('TicketDecided', { external: true })
  async pushDecided(event: DomainEvent<'TicketDecided'>, { em, push }: ExternalContext): Promise<void> {
    await this.pushChange(em, push, event.payload.ticketId, 'decided');
    await push.send('everyone', 'safety-car.changed', { ticketId: event.payload.ticketId });
  }

  /** Posts the decision (outcomes and reason) to the community's Discord webhook; skipped without DISCORD_WEBHOOK_URL. */
  @HandlesDomainEvent('TicketDecided', { external: true })
  async postDecision(event: DomainEvent<'TicketDecided'>, { em }: ExternalContext): Promise<void> {
    const { ticketId, round } = event.payload;
    await this.webhook.post(`the decision on ticket ${ticketId}`, async () => {
      const decision = await em.findOne(TicketDecision, { ticket: ticketId, round }, { populate: ['ticket.event'] });
      if (!decision) return null;
      const parties = await em.find(TicketParty, { ticket: ticketId }, { populate: ['profile'] });
      const names = new Map(parties.map((party) => [party.profile.id, shownDriver(party.profile, false).driverName]));
      return decisionMessage(decision, names, this.config.publicUrl);
    });
  }

  private async pushChange(em: Em, push: ExternalContext['push'], ticketId: number, change: ClientEventMap['tickets.changed']['change']): Promise<void> {
    const ticket = await em.findOne(Ticket, ticketId);
    // Deleted since (its season or race went): no queue shows it any more.
    if (!ticket) return;
    await push.send('flag:isSteward', 'tickets.changed', { ticketId, seasonId: ticket.season.id, raceId: ticket.race.id, state: ticket.state, change });
    if (change === 'message' || change === 'vote') return;
    for (const userId of await partyUserIds(em, ticketId)) await push.send(`user:${userId}`, 'ticket.notice', { ticketId, state: ticket.state, change });
  }
}

/** What the Discord channel reads of a decision: the event, outcomes and reason, a link to the public list. */
export function decisionMessage(decision: TicketDecision, names: Map<number, string>, publicUrl: string): DiscordWebhookMessage {
  const outcomes = decision.outcomes.map((outcome) => `• ${names.get(outcome.profileId) ?? `Driver ${outcome.profileId}`}: ${outcomeLabel(outcome)}`).join('\n');
  const heading = decision.round > 1 ? 'Appeal decided' : 'Stewards’ decision';
  return {
    content: `**${heading}: ticket #${decision.ticket.id}** — ${decision.ticket.event.name}\n${outcomes}\n${decision.reason}\n${publicUrl}/paddock/safety-car`,
    allowed_mentions: { parse: [] },
  };
}
