import { LockMode } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Platform } from '../../contracts/catalogue.js';
import {
  RIVAL_UPCOMING_DAYS,
  type RivalPlannedScheduleDto,
  type RivalRotation,
  type RivalScheduleEntryDto,
  type RivalServerDto,
  type RivalTrackRef,
} from '../../contracts/rivals.js';
import { Clock } from '../../common/clock.js';
import { invalidField } from '../../common/validation.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { Scheduled } from '../../infra/scheduling/scheduled.js';
import type { Game } from '../catalogue/catalogue.entities.js';
import { GamesService } from '../catalogue/index.js';
import { imageUrl } from '../images/index.js';
import type { RivalServerBody } from './dto/rivals.dto.js';
import { RivalsServer } from './rivals.entities.js';
import { trackMetas } from './rivals.queries.js';
import { advance, nextBoundary, plan } from './rotation.js';

const DAY_MS = 24 * 3_600_000;
const serverAggregate = (id: number) => ({ type: 'RivalsServer', id });

/** Rivals servers: admins set them up; the rotation job moves each to its next track when due; everyone reads the schedule. */
@Injectable()
export class RivalsServersService {
  constructor(
    private readonly em: EntityManager,
    private readonly games: GamesService,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<RivalServerDto[]> {
    const em = this.em.fork();
    const servers = await em.find(RivalsServer, {}, { orderBy: { name: 'asc' }, populate: ['game'] });
    const metas = await trackMetas(
      em,
      servers.flatMap((server) => server.trackIds),
    );
    return servers.map((server) => {
      const tracks = server.trackIds.map((id) => metas.get(id)?.track).filter((track): track is RivalTrackRef => !!track);
      return {
        id: server.id,
        name: server.name,
        game: { id: server.game.id, name: server.game.name, icon: imageUrl(server.game.icon?.id) },
        platform: server.platform,
        crossplay: server.crossplay,
        platforms: platformsOf(server, server.game),
        tracks,
        rotation: server.rotation,
        active: server.active,
        currentIndex: server.currentIndex,
        currentSince: server.currentSince.toISOString(),
        rotationTime: server.nextRotationAt.toISOString(),
      };
    });
  }

  async create(body: RivalServerBody): Promise<RivalServerDto> {
    return this.save(null, body);
  }

  async update(id: number, body: RivalServerBody): Promise<RivalServerDto> {
    return this.save(id, body);
  }

  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const server = await em.findOne(RivalsServer, id);
      if (!server) throw new NotFoundException(`Rivals server ${id} not found`);
      em.remove(server);
      recordDomainEvent(em, 'RivalsScheduleRotated', serverAggregate(id), { serverIds: [id] });
      await em.flush();
    });
  }

  private async save(id: number | null, body: RivalServerBody): Promise<RivalServerDto> {
    const rotation = checkRotation(body.rotation);
    let savedId: number;
    try {
      savedId = await this.em.transactional(async (em) => {
        const game = await this.games.lookup(body.gameId);
        if (!game) throw invalidField('gameId', `game ${body.gameId} does not exist`);
        const platform = body.platform ?? null;
        const crossplay = body.crossplay?.trim() || null;
        if ((platform === null) === (crossplay === null)) throw invalidField('platform', 'give either a platform or a crossplay group, not both');
        if (platform && !game.platforms.includes(platform)) throw invalidField('platform', `${game.name} does not run on ${platform}`);
        if (crossplay && !game.crossPlayPlatforms.some((group) => group.name === crossplay))
          throw invalidField('crossplay', `${game.name} has no crossplay group "${crossplay}"`);
        const metas = await trackMetas(em, body.trackIds);
        const foreign = body.trackIds.filter((trackId) => metas.get(trackId)?.game.id !== game.id);
        if (foreign.length) throw invalidField('trackIds', `track variant(s) ${foreign.join(', ')} are not tracks of ${game.name}`);

        const now = this.clock.now();
        let server: RivalsServer;
        if (id !== null) {
          const found = await em.findOne(RivalsServer, id);
          if (!found) throw new NotFoundException(`Rivals server ${id} not found`);
          server = found;
          const tracksChanged = server.trackIds.join(',') !== body.trackIds.join(',');
          const rotationChanged = JSON.stringify(server.rotation) !== JSON.stringify(rotation);
          em.assign(server, { name: body.name, game, platform, crossplay, trackIds: body.trackIds, rotation, active: body.active ?? server.active });
          if (tracksChanged) em.assign(server, { currentIndex: 0, currentSince: now });
          if (rotationChanged || tracksChanged) em.assign(server, { anchorAt: now, nextRotationAt: nextBoundary(rotation, now, now) });
        } else {
          server = em.create(RivalsServer, {
            name: body.name,
            game,
            platform,
            crossplay,
            trackIds: body.trackIds,
            rotation,
            anchorAt: now,
            currentIndex: 0,
            currentSince: now,
            nextRotationAt: nextBoundary(rotation, now, now),
            active: body.active ?? true,
          });
        }
        await em.flush();
        recordDomainEvent(em, 'RivalsScheduleRotated', serverAggregate(server.id), { serverIds: [server.id] });
        await em.flush();
        return server.id;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictException(`A rivals server named "${body.name}" exists already`);
      throw error;
    }
    return (await this.list()).find((server) => server.id === savedId)!;
  }

  /** Every second: servers whose next track is due move on (one event for all of them). */
  @Scheduled({ name: 'rivals-rotation', every: 1000 })
  async rotateDue(): Promise<number[]> {
    const now = this.clock.now();
    return this.em.transactional(async (em) => {
      const due = await em.find(RivalsServer, { active: true, nextRotationAt: { $lte: now } }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
      if (due.length === 0) return [];
      for (const server of due) {
        const next = advance(server.rotation, server.anchorAt, server, server.trackIds.length, now);
        em.assign(server, { currentIndex: next.currentIndex, currentSince: next.currentSince, nextRotationAt: next.nextRotationAt });
      }
      const serverIds = due.map((server) => server.id);
      recordDomainEvent(em, 'RivalsScheduleRotated', serverAggregate(serverIds[0]), { serverIds });
      await em.flush();
      return serverIds;
    });
  }

  /** SPEC §3 schedule entries of the active servers, by name. */
  async live(): Promise<RivalScheduleEntryDto[]> {
    const em = this.em.fork();
    const servers = await em.find(RivalsServer, { active: true }, { orderBy: { name: 'asc' }, populate: ['game'] });
    const metas = await trackMetas(
      em,
      servers.flatMap((server) => server.trackIds),
    );
    return servers.map((server) => {
      const count = server.trackIds.length;
      const current = count ? metas.get(server.trackIds[server.currentIndex % count])?.track : undefined;
      const next = count ? metas.get(server.trackIds[(server.currentIndex + 1) % count])?.track : undefined;
      return {
        id: server.id,
        serverName: server.name,
        currentTrack: current ?? null,
        nextTrack: next ?? null,
        rotationTime: server.nextRotationAt.toISOString(),
        crossplay: server.crossplay,
        platforms: platformsOf(server, server.game),
        game: { id: server.game.id, name: server.game.name, icon: imageUrl(server.game.icon?.id) },
      };
    });
  }

  /** The current track and every track due in the next three days, with when each takes over. */
  async upcoming(id: number): Promise<RivalPlannedScheduleDto> {
    const em = this.em.fork();
    const server = await em.findOne(RivalsServer, { id, active: true }, { populate: ['game'] });
    if (!server) throw new NotFoundException(`Rivals server ${id} not found`);
    const metas = await trackMetas(em, server.trackIds);
    const until = new Date(this.clock.now().getTime() + RIVAL_UPCOMING_DAYS * DAY_MS);
    const planned = plan(server.rotation, server.anchorAt, server, server.trackIds.length, until);
    return {
      id: server.id,
      serverName: server.name,
      game: { id: server.game.id, name: server.game.name, icon: imageUrl(server.game.icon?.id) },
      tracks: planned.flatMap(({ index, at }) => {
        const track = metas.get(server.trackIds[index])?.track;
        return track ? [{ scheduled: at.toISOString(), track }] : [];
      }),
    };
  }
}

function checkRotation(rotation: RivalServerBody['rotation']): RivalRotation {
  if (rotation.kind === 'EVERY_HOURS') {
    if (rotation.everyHours === undefined) throw invalidField('rotation.everyHours', 'everyHours is required for an EVERY_HOURS rotation');
    return { kind: 'EVERY_HOURS', everyHours: rotation.everyHours };
  }
  if (!rotation.dailyAt) throw invalidField('rotation.dailyAt', 'dailyAt (HH:MM UTC) is required for a DAILY rotation');
  return { kind: 'DAILY', dailyAt: rotation.dailyAt };
}

function platformsOf(server: RivalsServer, game: Game): Platform[] {
  if (server.platform) return [server.platform];
  return game.crossPlayPlatforms.find((group) => group.name === server.crossplay)?.platforms ?? [];
}
