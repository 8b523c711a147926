import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import type { EventDto } from '../../contracts/events.js';
import { DiscordWebhook, type DiscordWebhookMessage } from '../../infra/discord/discord-webhook.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { LeagueEvent } from './event.entities.js';
import { EVENT_POPULATE, toEventDto } from './events.mappers.js';

/** The event page of SPEC §2's link rule: assessment events go to the assessment page. */
export function eventLink(publicUrl: string, event: Pick<EventDto, 'id' | 'assessmentEvent'>): string {
  return event.assessmentEvent ? `${publicUrl}/events/assessment` : `${publicUrl}/events/${event.id}`;
}

export function trackNames(event: EventDto): string[] {
  return event.raceEvents.map((raceEvent) => raceEvent.externalTrackName || (raceEvent.track ? `${raceEvent.track.trackName} – ${raceEvent.track.name}` : 'TBA'));
}

/** What the Discord channel reads of a published event: name, date (shown in each reader's time zone), tracks, link. */
export function announcement(event: EventDto, publicUrl: string): DiscordWebhookMessage {
  const link = eventLink(publicUrl, event);
  const unix = Math.floor(new Date(event.date).getTime() / 1000);
  const tracks = trackNames(event);
  return {
    content: `**${event.name}** — <t:${unix}:F> (<t:${unix}:R>)\n${tracks.join(' · ')}\n${link}`,
    embeds: [
      {
        title: event.name,
        url: link,
        description: tracks.map((track) => `• ${track}`).join('\n'),
        timestamp: event.date,
        fields: [
          { name: 'Game', value: event.game.name, inline: true },
          { name: 'Platforms', value: event.platforms.join(', '), inline: true },
          { name: 'Seats', value: String(event.seats), inline: true },
        ],
      },
    ],
    // An announcement never pings anyone by accident.
    allowed_mentions: { parse: [] },
  };
}

/**
 * Posts event announcements to the community's Discord channel webhook (DISCORD_WEBHOOK_URL): an
 * external subscriber, run by the worker after the publishing transaction committed, with no
 * transaction open during the post. A failed post throws, so the queue retries it and keeps it
 * visible; it is marked done only after Discord accepted it (at least once: a crash right after a
 * post, before the mark, posts again).
 */
@Injectable()
export class EventAnnouncements {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhook: DiscordWebhook,
  ) {}

  @HandlesDomainEvent('EventAnnouncementRequested', { external: true })
  async announce(event: DomainEvent<'EventAnnouncementRequested'>, { em }: ExternalContext): Promise<void> {
    const { eventId } = event.payload;
    await this.webhook.post(`the announcement of event ${eventId}`, async () => {
      const announced = await em.findOne(LeagueEvent, eventId, { populate: EVENT_POPULATE });
      // Unpublished (or deleted) since the request: nothing to announce any more.
      return announced?.published ? announcement(toEventDto(announced, null), this.config.publicUrl) : null;
    });
  }
}
