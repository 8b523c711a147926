import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StandingsDto } from '../../contracts/competitions.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type TransactionalContext } from '../../infra/outbox/handles-domain-event.js';
import { PushRead } from '../../infra/outbox/push-subscribers.js';
import { Scheduled } from '../../infra/scheduling/scheduled.js';
import { StandingsService } from './standings.service.js';
import { LEAGUE_EVENTS } from '../events/index.js';

/**
 * Competitions' subscribers, run by the worker: a season's standings are recomputed (in the
 * subscriber's transaction) after its results or its setup changed; the stored standings are what
 * `season.standings.changed` sends (contracts/pushes.ts).
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
      `update seasons set results_version = results_version + 1 where id = (select e.season_id from ${LEAGUE_EVENTS} e where e.id = ?) returning id as season_id`,
      [event.payload.eventId],
    );
    if (round) await this.standings.recompute(em, round.season_id);
  }

  /** The standings as stored now (a later version may have been stored meanwhile: the latest wins); null when the season was deleted since. */
  @PushRead('seasonStandings')
  storedStandings(em: EntityManager, seasonId: number): Promise<StandingsDto | null> {
    return this.standings.storedDto(em, seasonId);
  }
}
