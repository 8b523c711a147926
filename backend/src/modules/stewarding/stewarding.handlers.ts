import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { shownDriver } from '../../contracts/driver-name.js';
import type { PushReadResult } from '../../contracts/pushes.js';
import { outcomeLabel } from '../../contracts/stewarding.js';
import { DiscordWebhook, type DiscordWebhookMessage } from '../../infra/discord/discord-webhook.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { PushRead } from '../../infra/outbox/push-subscribers.js';
import { Ticket, TicketDecision, TicketParty } from './stewarding.entities.js';

type Em = ExternalContext['em'];

/**
 * What stewarding's pushes read (contracts/pushes.ts: the live steward queue, a notice to each party's
 * own room, the public safety-car page), and the Discord post of a decision, run by the worker after
 * the change committed.
 */
@Injectable()
export class StewardingHandlers {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhook: DiscordWebhook,
  ) {}

  /** What the steward queue shows of a ticket; null when it was deleted since (its season or race went). */
  @PushRead('ticket')
  async ticket(em: Em, ticketId: number): Promise<PushReadResult<'ticket'>> {
    const ticket = await em.findOne(Ticket, ticketId);
    return ticket && { seasonId: ticket.season.id, raceId: ticket.race.id, state: ticket.state };
  }

  /** The parties' user ids (the filer and every accused driver). */
  @PushRead('ticketPartyUserIds')
  async partyUserIds(em: Em, ticketId: number): Promise<number[]> {
    const parties = await em.find(TicketParty, { ticket: ticketId }, { populate: ['profile.user'] });
    return [...new Set(parties.map((party) => party.profile.user.id))];
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
}

/** The stewards' yellow flag on a decision's embed. */
const DECISION_COLOUR = 0xf5c400;

/** What the Discord channel reads of a decision: the event, outcomes and reason, a link to the public list. */
export function decisionMessage(decision: TicketDecision, names: Map<number, string>, publicUrl: string): DiscordWebhookMessage {
  const outcomes = decision.outcomes.map((outcome) => `• ${names.get(outcome.profileId) ?? `Driver ${outcome.profileId}`}: ${outcomeLabel(outcome)}`).join('\n');
  const heading = decision.round > 1 ? 'Appeal decided' : 'Stewards’ decision';
  return {
    content: `**${heading}: ticket #${decision.ticket.id}** — ${decision.ticket.event.name}\n${outcomes}\n${decision.reason}\n${publicUrl}/paddock/safety-car`,
    embeds: [
      {
        title: `${heading}: ticket #${decision.ticket.id} — ${decision.ticket.event.name}`,
        url: `${publicUrl}/paddock/safety-car`,
        description: `${outcomes}\n\n${decision.reason}`.slice(0, 4000),
        color: DECISION_COLOUR,
        timestamp: decision.decidedAt.toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
