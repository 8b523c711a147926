import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { LiveIncident, LiveTiming, TimingSourceDto } from '../../contracts/timing.js';
import { findOrNotFound } from '../../common/find-or-not-found.js';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import type { Race } from '../events/event.entities.js';
import type { TimingSourceBody } from './dto/timing.dto.js';
import { TimingSource } from './timing.entities.js';
import { TimingStore } from './timing-store.js';

const RACE = entityNamed<Race>('Race');

/** Organizers connect a race to its game server's timing; anyone reads the race's live timing, stewards its incidents. */
@Injectable()
export class TimingSourcesService {
  constructor(
    private readonly em: EntityManager,
    private readonly store: TimingStore,
  ) {}

  async source(raceId: number): Promise<TimingSourceDto> {
    const source = await this.em.findOne(TimingSource, { race: raceId });
    if (!source) throw new NotFoundException(`Race ${raceId} has no timing source`);
    return toDto(source);
  }

  async save(raceId: number, body: TimingSourceBody): Promise<TimingSourceDto> {
    return this.em.transactional(async (em) => {
      const race = await findOrNotFound(em, RACE(), 'Race', raceId);
      const source = (await em.findOne(TimingSource, { race: raceId })) ?? em.create(TimingSource, { race, game: body.game, host: body.host, port: body.port });
      source.game = body.game;
      source.host = body.host;
      source.port = body.port;
      source.localPort = body.game === 'AC' ? (body.localPort ?? null) : null;
      if (body.password !== undefined) source.password = body.password || null;
      if (body.commandPassword !== undefined) source.commandPassword = body.commandPassword || null;
      source.updatedAt = new Date();
      recordDomainEvent(em, 'TimingSourceChanged', { type: 'race', id: raceId }, { raceId });
      await em.flush();
      return toDto(source);
    });
  }

  async remove(raceId: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const source = await em.findOne(TimingSource, { race: raceId });
      if (!source) throw new NotFoundException(`Race ${raceId} has no timing source`);
      em.remove(source);
      recordDomainEvent(em, 'TimingSourceChanged', { type: 'race', id: raceId }, { raceId });
      await em.flush();
    });
  }

  async timing(raceId: number): Promise<LiveTiming> {
    const timing = await this.store.timing(raceId);
    if (!timing) throw new NotFoundException(`Race ${raceId} has no live timing`);
    return timing;
  }

  async incidents(raceId: number): Promise<LiveIncident[]> {
    await findOrNotFound(this.em, RACE(), 'Race', raceId);
    return this.store.incidents(raceId);
  }
}

function toDto(source: TimingSource): TimingSourceDto {
  return {
    raceId: source.race.id,
    game: source.game,
    host: source.host,
    port: source.port,
    localPort: source.localPort,
    hasPassword: source.password !== null,
    hasCommandPassword: source.commandPassword !== null,
    updatedAt: source.updatedAt.toISOString(),
  };
}
