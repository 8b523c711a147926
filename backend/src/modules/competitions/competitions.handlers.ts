import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext, type TransactionalContext } from '../../infra/outbox/handles-domain-event.js';
import { Scheduled } from '../../infra/scheduling/scheduled.js';
import { StandingsService } from './standings.service.js';

/**
 * Competitions' subscribers, run by the worker: a season's standings are recomputed (in the
 * subscriber's transaction) after its results or its setup changed; stored standings are pushed to the
 * season's room; lists and pages refetch after any change.
 */
@Injectable()
export class CompetitionsHandlers {
  constructor(private readonly standings: StandingsService) {}

  @HandlesDomainEvent('ResultPosted')
  async recomputeAfterResult(event: DomainEvent<'ResultPosted'>, { em }: TransactionalContext): Promise<void> {
    await this.standings.recompute(em, event.payload.seasonId);
  }

  /** Every minute: a round whose results were saved before it started gets its no-shows once it has started. */
  @Scheduled({ name: 'score-started-rounds', every: 60_000 })
  async scoreStartedRounds(): Promise<void> {
    await this.standings.recomputeStartedRounds();
  }

  /** Points system edited or rounds linked: the same inputs, scored again. */
  @HandlesDomainEvent('SeasonChanged')
  async recomputeAfterSeasonChange(event: DomainEvent<'SeasonChanged'>, { em }: TransactionalContext): Promise<void> {
    await this.standings.recompute(em, event.payload.seasonId);
  }

  /** A round published or unpublished: public standings count published rounds only. */
  @HandlesDomainEvent('EventPublicationChanged')
  async recomputeAfterPublication(event: DomainEvent<'EventPublicationChanged'>, { em }: TransactionalContext): Promise<void> {
    const [round] = await em.execute<{ season_id: number }[]>(
      'update seasons set results_version = results_version + 1 where id = (select season_id from events where id = ?) returning id as season_id',
      [event.payload.eventId],
    );
    if (round) await this.standings.recompute(em, round.season_id);
  }

  /** Everyone on the season's pages gets the standings as stored now (a later version may have been stored meanwhile: the latest wins). */
  @HandlesDomainEvent('SeasonStandingsUpdated', { external: true })
  async pushStandings(event: DomainEvent<'SeasonStandingsUpdated'>, { em, push }: ExternalContext): Promise<void> {
    const standings = await this.standings.storedDto(em, event.payload.seasonId);
    // The season was deleted since: no page shows it any more.
    if (standings) await push.send(`season:${event.payload.seasonId}`, 'season.standings.changed', standings);
  }

  @HandlesDomainEvent('CompetitionGroupChanged', { external: true })
  async pushGroup(event: DomainEvent<'CompetitionGroupChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'competitions.changed', { groupId: event.payload.groupId });
  }

  @HandlesDomainEvent('CompetitionChanged', { external: true })
  async pushCompetition(event: DomainEvent<'CompetitionChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'competitions.changed', { competitionId: event.payload.competitionId });
  }

  @HandlesDomainEvent('SeasonChanged', { external: true })
  async pushSeason(event: DomainEvent<'SeasonChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'competitions.changed', { competitionId: event.payload.competitionId, seasonId: event.payload.seasonId });
  }

  /** Pages showing the race's results refetch them (the standings follow in their own push). */
  @HandlesDomainEvent('ResultPosted', { external: true })
  async pushResult(event: DomainEvent<'ResultPosted'>, { push }: ExternalContext): Promise<void> {
    const { seasonId, eventId, raceId } = event.payload;
    await push.send('everyone', 'competitions.changed', { seasonId, eventId, raceId });
  }
}
