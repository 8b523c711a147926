import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { toPage, type PageQuery } from '../../common/pagination.js';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { Page } from '../../contracts/api.js';
import { PLATFORMS, type Platform } from '../../contracts/catalogue.js';
import {
  bandFor,
  gapText,
  lapTimeText,
  type MyRivalDto,
  type MyTrackDto,
  type RivalBeatenMessage,
  type RivalBoardDto,
  type RivalBoardEntryDto,
  type RivalCandidateDto,
  type RivalConditions,
  type RivalRequest,
  type RivalTimeStatus,
  type RivalTopForTrackDto,
} from '../../contracts/rivals.js';
import type { DomainEventMap } from '../../contracts/domain-events.js';
import { RivalsServer } from './rivals.entities.js';
import { CAR_COLUMNS, carRef, ownProfileId, PROFILE_NAME_COLUMNS, profileRef, trackMeta, type CarRow, type ProfileNameRow } from './rivals.queries.js';
import { CAR_NAMES, GAME_PLATFORMS, TRACK_VARIANT_GAMES } from '../catalogue/index.js';
import { DRIVER_NAMES } from '../profiles/index.js';

type BoardRow = ProfileNameRow &
  CarRow & {
    id: number;
    platform: Platform;
    time_ms: number;
    status: RivalTimeStatus;
    conditions: RivalConditions;
    set_at: Date;
    total: string;
    leader: number;
  };

/** Each driver's best (not rejected) per car on a board, optionally one platform: the rows boards rank. */
const bestPerCar = (
  platform: boolean,
) => `select distinct on (t.profile_id, t.car_id, t.platform) t.id, t.profile_id, t.car_id, t.platform, t.time_ms, t.status, t.conditions, t.set_at
  from rival_times t where t.track_id = ? and t.status <> 'REJECTED'${platform ? ' and t.platform = ?' : ''}
  order by t.profile_id, t.car_id, t.platform, t.time_ms, t.set_at, t.id`;

/** Boards, the top three, picked rivals and candidates. Boards are two queries whatever their size. */
@Injectable()
export class RivalsBoardsService {
  constructor(private readonly em: EntityManager) {}

  async board(trackId: number, platform: Platform | undefined, query: PageQuery): Promise<RivalBoardDto> {
    const em = this.em.fork();
    const meta = await trackMeta(em, trackId);
    const params: unknown[] = platform ? [trackId, platform] : [trackId];
    const rows = await em.execute<BoardRow[]>(
      `with best as (${bestPerCar(!!platform)}), ranked as (select b.*, count(*) over () as total, min(b.time_ms) over () as leader from best b)
       select r.id, r.platform, r.time_ms, r.status, r.conditions, r.set_at, r.total, r.leader, ${PROFILE_NAME_COLUMNS}, ${CAR_COLUMNS}
         from ranked r join ${DRIVER_NAMES} p on p.id = r.profile_id join ${CAR_NAMES} c on c.id = r.car_id
        order by r.time_ms, r.set_at, r.id limit ? offset ?`,
      [...params, query.pageSize, query.offset],
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    let leader = rows.length ? rows[0].leader : null;
    if (!rows.length && query.pageNumber > 0) {
      const [row] = await em.execute<{ total: string; leader: number | null }[]>(
        `select count(*) as total, min(time_ms) as leader from (${bestPerCar(!!platform)}) b`,
        params,
      );
      total = Number(row.total);
      leader = row.leader;
    }
    const content = rows.map((row, index) => boardEntry(row, query.offset + index + 1, row.leader));
    return { ...toPage(content, total, query), game: meta.game, track: meta.track, platform: platform ?? null, leaderMs: leader };
  }

  /** SPEC §3 top-for-track: each platform's three fastest drivers (their best car). */
  async top(trackId: number): Promise<RivalTopForTrackDto> {
    const em = this.em.fork();
    const meta = await trackMeta(em, trackId);
    const rows = await em.execute<(BoardRow & { rn: string })[]>(
      `with best as (select distinct on (t.platform, t.profile_id) t.id, t.profile_id, t.car_id, t.platform, t.time_ms, t.status, t.set_at
          from rival_times t where t.track_id = ? and t.status <> 'REJECTED' order by t.platform, t.profile_id, t.time_ms, t.set_at, t.id),
        ranked as (select b.*, row_number() over (partition by b.platform order by b.time_ms, b.set_at, b.id) as rn from best b)
       select r.id, r.platform, r.time_ms, r.status, r.rn, ${PROFILE_NAME_COLUMNS}, ${CAR_COLUMNS}
         from ranked r join ${DRIVER_NAMES} p on p.id = r.profile_id join ${CAR_NAMES} c on c.id = r.car_id where r.rn <= 3 order by r.platform, r.rn`,
      [trackId],
    );
    const results = Object.fromEntries(PLATFORMS.map((platform) => [platform, []])) as unknown as RivalTopForTrackDto['results'];
    for (const row of rows) {
      results[row.platform].push({
        profile: profileRef(row),
        timeAsText: lapTimeText(row.time_ms),
        timeMs: row.time_ms,
        provisional: row.status === 'PROVISIONAL',
        car: carRef(row),
      });
    }
    return { results, game: meta.game, track: meta.track };
  }

  /* ---- Picking rivals ---- */

  async pick(principal: Principal, request: RivalRequest): Promise<MyRivalDto[]> {
    const em = this.em.fork();
    const owner = await ownProfileId(em, principal.userId);
    await this.checkPick(em, owner, request);
    await em.execute('insert into rivals (owner_id, rival_id, game_id, track_id, platform) values (?, ?, ?, ?, ?) on conflict do nothing', [
      owner,
      request.profileId,
      request.gameId,
      request.trackId ?? null,
      request.platform,
    ]);
    return this.picks(em, owner, request.gameId, request.trackId ?? null, request.platform);
  }

  /** Removes one pick (with `profileId`) or every pick of the scope. */
  async unpick(principal: Principal, scope: { gameId: number; trackId: number | null; platform: Platform; profileId?: number }): Promise<void> {
    const em = this.em.fork();
    const owner = await ownProfileId(em, principal.userId);
    await em.execute(
      `delete from rivals where owner_id = ? and game_id = ? and platform = ? and ${scope.trackId === null ? 'track_id is null' : 'track_id = ?'}${scope.profileId ? ' and rival_id = ?' : ''}`,
      [owner, scope.gameId, scope.platform, ...(scope.trackId === null ? [] : [scope.trackId]), ...(scope.profileId ? [scope.profileId] : [])],
    );
  }

  /** My rivals picked for the game (`trackId` null) or for the track (with the game's), with their best there and the gap to mine. */
  async myRivals(principal: Principal, gameId: number, trackId: number | null, platform: Platform): Promise<MyRivalDto[]> {
    const em = this.em.fork();
    const owner = await ownProfileId(em, principal.userId);
    return this.picks(em, owner, gameId, trackId, platform);
  }

  async gameOfTrack(trackId: number): Promise<number> {
    return (await trackMeta(this.em.fork(), trackId)).game.id;
  }

  async meOnTrack(principal: Principal, trackId: number, platform: Platform): Promise<MyTrackDto> {
    const em = this.em.fork();
    const owner = await ownProfileId(em, principal.userId);
    const meta = await trackMeta(em, trackId);
    const rows = await em.execute<BoardRow[]>(
      `with best as (${bestPerCar(true)}), ranked as (select b.*, count(*) over () as total, min(b.time_ms) over () as leader, rank() over (order by b.time_ms) as position from best b)
       select r.id, r.platform, r.time_ms, r.status, r.conditions, r.set_at, r.total, r.leader, r.position, ${PROFILE_NAME_COLUMNS}, ${CAR_COLUMNS}
         from ranked r join ${DRIVER_NAMES} p on p.id = r.profile_id join ${CAR_NAMES} c on c.id = r.car_id where r.profile_id = ? order by r.time_ms limit 1`,
      [trackId, platform, owner],
    );
    const mine = rows[0] as (BoardRow & { position: string }) | undefined;
    return {
      track: meta.track,
      game: meta.game,
      platform,
      best: mine ? boardEntry(mine, Number(mine.position), mine.leader) : null,
      rivals: await this.picks(em, owner, meta.game.id, trackId, platform),
    };
  }

  /** The same for the server's next track. */
  async meOnNextTrack(principal: Principal, serverId: number, platform: Platform): Promise<MyTrackDto> {
    const server = await this.em.fork().findOne(RivalsServer, { id: serverId, active: true });
    if (!server || server.trackIds.length === 0) throw new NotFoundException(`Rivals server ${serverId} not found`);
    return this.meOnTrack(principal, server.trackIds[(server.currentIndex + 1) % server.trackIds.length], platform);
  }

  /** Drivers with times anywhere (one row per driver and platform), by name; `picked` when I picked them anywhere. */
  async candidates(principal: Principal, query: PageQuery): Promise<Page<RivalCandidateDto>> {
    const em = this.em.fork();
    const owner = await ownProfileId(em, principal.userId);
    const rows = await em.execute<(ProfileNameRow & { platform: Platform; picked: boolean; total: string })[]>(
      `with drivers as (select distinct t.profile_id, t.platform from rival_times t where t.status <> 'REJECTED' and t.profile_id <> ?)
       select d.platform, exists(select 1 from rivals r where r.owner_id = ? and r.rival_id = d.profile_id and r.platform = d.platform) as picked, count(*) over () as total, ${PROFILE_NAME_COLUMNS}
         from drivers d join ${DRIVER_NAMES} p on p.id = d.profile_id order by coalesce(p.name, ''), p.id, d.platform limit ? offset ?`,
      [owner, owner, query.pageSize, query.offset],
    );
    return toPage(
      rows.map((row) => ({ profile: profileRef(row), platform: row.platform, best: null, picked: row.picked })),
      rows.length ? Number(rows[0].total) : 0,
      query,
    );
  }

  /** Drivers with a time on the board (their best), fastest first; `picked` for this track or its game. */
  async trackCandidates(principal: Principal, trackId: number, platform: Platform, query: PageQuery): Promise<Page<RivalCandidateDto>> {
    const em = this.em.fork();
    const owner = await ownProfileId(em, principal.userId);
    const meta = await trackMeta(em, trackId);
    const rows = await em.execute<(ProfileNameRow & { time_ms: number; status: RivalTimeStatus; picked: boolean; total: string })[]>(
      `with best as (select distinct on (t.profile_id) t.profile_id, t.time_ms, t.status from rival_times t
                      where t.track_id = ? and t.platform = ? and t.status <> 'REJECTED' and t.profile_id <> ? order by t.profile_id, t.time_ms, t.set_at)
       select b.time_ms, b.status, count(*) over () as total,
              exists(select 1 from rivals r where r.owner_id = ? and r.rival_id = b.profile_id and r.platform = ? and r.game_id = ? and (r.track_id is null or r.track_id = ?)) as picked,
              ${PROFILE_NAME_COLUMNS}
         from best b join ${DRIVER_NAMES} p on p.id = b.profile_id order by b.time_ms, p.id limit ? offset ?`,
      [trackId, platform, owner, owner, platform, meta.game.id, trackId, query.pageSize, query.offset],
    );
    return toPage(
      rows.map((row) => ({
        profile: profileRef(row),
        platform,
        best: { timeMs: row.time_ms, timeAsText: lapTimeText(row.time_ms), provisional: row.status === 'PROVISIONAL' },
        picked: row.picked,
      })),
      rows.length ? Number(rows[0].total) : 0,
      query,
    );
  }

  /**
   * Drivers who picked the driver of this verified time as a rival on its board and whose best it beats
   * now (but no earlier verified time of the rival did): who to tell "your rival beat you".
   */
  async beaten(em: EntityManager, event: DomainEventMap['RivalTimeSet']): Promise<{ userId: number; message: RivalBeatenMessage }[]> {
    const rows = await em.execute<(ProfileNameRow & { user_id: number; owner_best: number | null; rival_before: number | null })[]>(
      `select distinct o.user_id,
              (select min(x.time_ms) from rival_times x where x.profile_id = o.id and x.track_id = ? and x.platform = ? and x.status <> 'REJECTED') as owner_best,
              (select min(x.time_ms) from rival_times x where x.profile_id = ? and x.track_id = ? and x.platform = ? and x.status = 'VERIFIED' and x.id <> ?) as rival_before,
              ${PROFILE_NAME_COLUMNS}
         from rivals r join ${DRIVER_NAMES} o on o.id = r.owner_id join ${DRIVER_NAMES} p on p.id = r.rival_id
        where r.rival_id = ? and r.game_id = ? and r.platform = ? and (r.track_id is null or r.track_id = ?)`,
      [event.trackId, event.platform, event.profileId, event.trackId, event.platform, event.timeId, event.profileId, event.gameId, event.platform, event.trackId],
    );
    const beaten = rows.filter((row) => row.owner_best !== null && event.timeMs < row.owner_best && (row.rival_before === null || row.rival_before >= row.owner_best));
    if (!beaten.length) return [];
    const meta = await trackMeta(em, event.trackId);
    return beaten.map((row) => ({
      userId: row.user_id,
      message: {
        rival: profileRef(row),
        track: meta.track,
        platform: event.platform,
        gameId: event.gameId,
        rivalTimeAsText: lapTimeText(event.timeMs),
        yourTimeAsText: lapTimeText(row.owner_best!),
      },
    }));
  }

  private async checkPick(em: EntityManager, owner: number, request: RivalRequest): Promise<void> {
    if (request.profileId === owner) throw invalidField('profileId', 'you cannot pick yourself as a rival');
    const [rival] = await em.execute<{ id: number }[]>(`select id from ${DRIVER_NAMES} p where p.id = ?`, [request.profileId]);
    if (!rival) throw invalidField('profileId', `driver ${request.profileId} does not exist`);
    const [game] = await em.execute<{ platforms: Platform[] }[]>(`select platforms from ${GAME_PLATFORMS} g where g.id = ?`, [request.gameId]);
    if (!game) throw invalidField('gameId', `game ${request.gameId} does not exist`);
    if (!game.platforms.includes(request.platform)) throw invalidField('platform', `the game does not run on ${request.platform}`);
    if (request.trackId) {
      const [track] = await em.execute<{ game_id: number }[]>(`select v.game_id from ${TRACK_VARIANT_GAMES} v where v.id = ?`, [request.trackId]);
      if (!track || track.game_id !== request.gameId) throw invalidField('trackId', `track ${request.trackId} is not a track of the game`);
    }
  }

  private async picks(em: EntityManager, owner: number, gameId: number, trackId: number | null, platform: Platform): Promise<MyRivalDto[]> {
    const rows = await em.execute<
      (ProfileNameRow & Partial<CarRow> & { id: number; track_id: number | null; time_ms: number | null; status: RivalTimeStatus | null; mine: number | null })[]
    >(
      `select r.id, r.track_id, b.time_ms, b.status, ${CAR_COLUMNS},
              (select min(x.time_ms) from rival_times x where x.profile_id = ? and x.track_id = ? and x.platform = ? and x.status <> 'REJECTED') as mine,
              ${PROFILE_NAME_COLUMNS}
         from rivals r join ${DRIVER_NAMES} p on p.id = r.rival_id
         left join lateral (select x.time_ms, x.status, x.car_id from rival_times x where x.profile_id = r.rival_id and x.track_id = ? and x.platform = ? and x.status <> 'REJECTED' order by x.time_ms limit 1) b on true
         left join ${CAR_NAMES} c on c.id = b.car_id
        where r.owner_id = ? and r.game_id = ? and r.platform = ? and ${trackId === null ? 'r.track_id is null' : '(r.track_id is null or r.track_id = ?)'}
        order by b.time_ms nulls last, r.id`,
      [owner, trackId ?? 0, platform, trackId ?? 0, platform, owner, gameId, platform, ...(trackId === null ? [] : [trackId])],
    );
    return rows.map((row) => ({
      id: row.id,
      profile: profileRef(row),
      gameId,
      trackId: row.track_id,
      platform,
      best:
        row.time_ms !== null && row.c_id != null
          ? { timeMs: row.time_ms, timeAsText: lapTimeText(row.time_ms), provisional: row.status === 'PROVISIONAL', car: carRef(row as CarRow) }
          : null,
      gapMs: row.time_ms !== null && row.mine !== null ? row.time_ms - row.mine : null,
    }));
  }
}

function boardEntry(row: BoardRow, position: number, leader: number): RivalBoardEntryDto {
  const gapMs = row.time_ms - leader;
  return {
    id: row.id,
    position,
    profile: profileRef(row),
    platform: row.platform,
    car: carRef(row),
    timeMs: row.time_ms,
    timeAsText: lapTimeText(row.time_ms),
    gapMs,
    gapAsText: gapText(gapMs),
    band: bandFor(row.time_ms, leader),
    conditions: row.conditions,
    provisional: row.status === 'PROVISIONAL',
    setAt: new Date(row.set_at).toISOString(),
  };
}
