import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { DiscordWebhook } from '../../infra/discord/discord-webhook.js';
import { HandlesDomainEvent } from '../../infra/outbox/handles-domain-event.js';
import { SeasonsService, StandingsService } from '../competitions/index.js';
import { leaderEmbed, resultsEmbed } from './bot-embeds.js';

/** A visitor's read; null when visitors cannot see it (unpublished, deleted since). */
async function visible<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundException) return null;
    throw error;
  }
}

/**
 * The community channel's posts of league news (DISCORD_WEBHOOK_URL), as embeds: a race's results and
 * a season's new leader. External subscribers, run by the worker once per domain event after its
 * change committed (the stewards' decisions are posted by stewarding's own subscriber). A failed post
 * throws and is retried; what a later event will post instead (results saved again, another new leader)
 * is skipped.
 */
@Injectable()
export class ChannelPosts {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhook: DiscordWebhook,
    private readonly seasons: SeasonsService,
    private readonly standings: StandingsService,
  ) {}

  @HandlesDomainEvent('ResultPosted', { external: true, background: true })
  async postResults(event: DomainEvent<'ResultPosted'>): Promise<void> {
    const { seasonId, eventId, raceId, revision } = event.payload;
    await this.webhook.post(`the results of race ${raceId} (revision ${revision})`, async () => {
      const round = await visible(this.seasons.seasonEvent(seasonId, eventId, null));
      const results = round?.results.find((entry) => entry.raceId === raceId);
      // A qualifying save, or saved again since: the race's own latest revision is posted by its own event.
      if (!round || !results || results.revision !== revision || !results.results.length) return null;
      const raceEvent = round.raceEvents.find((candidate) => candidate.races.some((race) => race.id === raceId));
      const race = raceEvent?.races.find((candidate) => candidate.id === raceId);
      const heat = raceEvent && race && raceEvent.races.length > 1 ? ` · ${race.raceEventType.toLowerCase()} ${race.position}` : '';
      const trackName = raceEvent?.trackName ? `${raceEvent.trackName}${heat}` : null;
      const embed = resultsEmbed(
        {
          competitionId: round.competition.id,
          seasonId,
          eventId,
          eventName: round.name,
          round: round.round,
          competitionName: round.competition.name,
          trackName,
          date: round.date,
        },
        results.results,
        this.config.publicUrl,
      );
      return { content: `**${embed.title}**`, embeds: [embed], allowed_mentions: { parse: [] } };
    });
  }

  @HandlesDomainEvent('SeasonLeaderChanged', { external: true, background: true })
  async postLeader(event: DomainEvent<'SeasonLeaderChanged'>): Promise<void> {
    const { seasonId, profileId, previousProfileId } = event.payload;
    await this.webhook.post(`the new leader of season ${seasonId}`, async () => {
      const [season, standings] = await Promise.all([visible(this.seasons.season(seasonId, null)), visible(this.standings.read(seasonId, null))]);
      const leader = standings?.drivers[0];
      // Overtaken again since: the later change is posted by its own event.
      if (!season || !standings || leader?.profile.id !== profileId) return null;
      const previous = standings.drivers.find((driver) => driver.profile.id === previousProfileId)?.profile.driverName ?? null;
      const embed = leaderEmbed(
        { competitionId: season.competition.id, competitionName: season.competition.name, seasonId, seasonName: season.name },
        { driverName: leader.profile.driverName, points: leader.points },
        previous,
        this.config.publicUrl,
      );
      return { content: `**${embed.title}**`, embeds: [embed], allowed_mentions: { parse: [] } };
    });
  }
}
