import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { toPage, type PageQuery } from '../../common/pagination.js';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { Page } from '../../contracts/api.js';
import type { Platform } from '../../contracts/catalogue.js';
import {
  lapTimeText,
  parseLapTime,
  type RivalConditions,
  type RivalImportResultDto,
  type RivalTimeDto,
  type RivalTimeSource,
  type RivalTimeStatus,
} from '../../contracts/rivals.js';
import { driverDisplayName } from '../../contracts/driver-name.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange } from '../audit/index.js';
import { ResultFileError } from '../competitions/index.js';
import { CAR_NAMES, CarsService } from '../catalogue/index.js';
import { DRIVER_NAMES } from '../profiles/index.js';
import { BANNER_BOUNDS, imageUrl, type UploadedImage, type WebpImage, ImagesService } from '../images/index.js';
import type { ImportFields, RivalTimeBody } from './dto/rivals.dto.js';
import { readBestLaps } from './lap-file.js';
import { RivalTime } from './rivals.entities.js';
import { CAR_COLUMNS, carRef, ownProfileId, PROFILE_NAME_COLUMNS, profileRef, trackMetas, type CarRow, type ProfileNameRow, type TrackMeta } from './rivals.queries.js';

interface NewTime {
  profileId: number;
  meta: TrackMeta;
  carId: number;
  platform: Platform;
  timeMs: number;
  conditions: RivalConditions;
  source: RivalTimeSource;
  status: RivalTimeStatus;
  screenshot?: WebpImage | null;
  videoUrl?: string | null;
}

type TimeRow = ProfileNameRow &
  CarRow & {
    id: number;
    track_id: number;
    platform: Platform;
    time_ms: number;
    conditions: RivalConditions;
    source: RivalTimeSource;
    status: RivalTimeStatus;
    screenshot_id: string | null;
    video_url: string | null;
    reject_reason: string | null;
    set_at: Date;
    decided_at: Date | null;
    total: string;
  };

const TIME_SELECT = `select t.id, t.track_id, t.platform, t.time_ms, t.conditions, t.source, t.status, t.screenshot_id, t.video_url, t.reject_reason, t.set_at, t.decided_at,
  ${PROFILE_NAME_COLUMNS}, ${CAR_COLUMNS}, count(*) over () as total
  from rival_times t join ${DRIVER_NAMES} p on p.id = t.profile_id join ${CAR_NAMES} c on c.id = t.car_id`;

/**
 * Lap times: server files (verified at once), drivers' submissions (provisional until a steward decides),
 * and the stewards' queue. The best-time rule lives in `store`: a time is kept only when it beats the
 * driver's best (not rejected) for that car on that board.
 */
@Injectable()
export class RivalsTimesService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
    private readonly cars: CarsService,
  ) {}

  async submit(principal: Principal, body: RivalTimeBody, screenshotUpload: UploadedImage | undefined): Promise<RivalTimeDto> {
    // A lap time: the body's validation checked it.
    const timeMs = parseLapTime(body.time)!;
    if (!screenshotUpload && !body.videoUrl) throw invalidField('screenshot', 'add a screenshot showing time, track and car, or a video link');
    const screenshot = await this.images.prepare(screenshotUpload, BANNER_BOUNDS, 'screenshot');
    const id = await this.em.transactional(async (em) => {
      const profileId = await ownProfileId(em, principal.userId);
      const meta = await this.boardOf(em, body.trackId, body.carId, body.platform);
      return this.store(
        em,
        {
          profileId,
          meta,
          carId: body.carId,
          platform: body.platform,
          timeMs,
          conditions: body.conditions,
          source: 'SUBMISSION',
          status: 'PROVISIONAL',
          screenshot,
          videoUrl: body.videoUrl ?? null,
        },
        true,
      );
    });
    return this.one(id!);
  }

  /** A server's result file: each matched driver's best valid lap, verified. A file that cannot be read stores nothing (400). */
  async import(admin: Principal, file: UploadedImage | undefined, fields: ImportFields): Promise<RivalImportResultDto> {
    if (!file) throw invalidField('file', 'attach the server result file (ACC or Assetto Corsa JSON)');
    let laps;
    try {
      laps = readBestLaps(file.buffer, file.originalname);
    } catch (error) {
      if (error instanceof ResultFileError) throw new BadRequestException({ message: error.message, errors: { file: [error.message] } });
      throw error;
    }
    const platform = fields.platform ?? 'PC';
    return this.em.transactional(async (em) => {
      const meta = await this.boardOf(em, fields.trackId, fields.carId, platform);
      const steamIds = laps.drivers.map((driver) => driver.steamId).filter((id): id is string => id !== null);
      const owners = steamIds.length
        ? await em.execute<(ProfileNameRow & { steam: string })[]>(
            `select coalesce(p.steam_id, lower(p.steam_username)) as steam, ${PROFILE_NAME_COLUMNS} from ${DRIVER_NAMES} p where p.steam_id in (${steamIds.map(() => '?').join(',')}) or lower(p.steam_username) in (${steamIds.map(() => '?').join(',')})`,
            [...steamIds, ...steamIds.map((id) => id.toLowerCase())],
          )
        : [];
      const ownerOf = new Map(owners.map((row) => [row.steam, row]));
      const result: RivalImportResultDto = { format: laps.format, track: meta.track, imported: [], unknownDrivers: [], withoutValidLap: [] };
      for (const driver of laps.drivers) {
        const owner = driver.steamId ? ownerOf.get(driver.steamId.toLowerCase()) : undefined;
        if (!owner) {
          result.unknownDrivers.push({ name: driver.name, platformId: driver.steamId });
          continue;
        }
        if (driver.bestLapMs === null) {
          result.withoutValidLap.push(driver.name);
          continue;
        }
        const stored = await this.store(
          em,
          { profileId: owner.p_id, meta, carId: fields.carId, platform, timeMs: driver.bestLapMs, conditions: 'DRY', source: 'SERVER_FILE', status: 'VERIFIED' },
          false,
        );
        result.imported.push({ profile: profileRef(owner), timeMs: driver.bestLapMs, timeAsText: lapTimeText(driver.bestLapMs), improved: stored !== null });
      }
      const improved = result.imported.filter((each) => each.improved).map((each) => ({ driver: each.profile.name, time: each.timeAsText }));
      if (improved.length) {
        recordStaffChange(em, {
          actorId: admin.userId,
          kind: 'rivals-time',
          entityId: meta.track.id,
          label: `Server file ${file.originalname} at ${meta.track.trackName} ${meta.track.name}`,
          action: 'imported as verified',
          before: null,
          after: { platform, carId: fields.carId, times: improved },
        });
        await em.flush();
      }
      return result;
    });
  }

  async mine(principal: Principal, query: PageQuery): Promise<Page<RivalTimeDto>> {
    const em = this.em.fork();
    const profileId = await ownProfileId(em, principal.userId);
    return this.page(em, 'where t.profile_id = ? order by t.set_at desc, t.id desc', [profileId], query);
  }

  /** The stewards' queue: provisional times, oldest first. */
  async provisional(query: PageQuery): Promise<Page<RivalTimeDto>> {
    return this.page(this.em.fork(), "where t.status = 'PROVISIONAL' order by t.set_at asc, t.id asc", [], query);
  }

  async verify(steward: Principal, id: number): Promise<RivalTimeDto> {
    return this.decide(steward, id, 'VERIFIED', null);
  }

  async reject(steward: Principal, id: number, reason: string): Promise<RivalTimeDto> {
    return this.decide(steward, id, 'REJECTED', reason);
  }

  /** A steward decides on other drivers' times only: their own needs another steward. */
  private async decide(steward: Principal, id: number, status: 'VERIFIED' | 'REJECTED', reason: string | null): Promise<RivalTimeDto> {
    await this.em.transactional(async (em) => {
      const time = await em.findOne(RivalTime, id, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['profile', 'track.track'] });
      if (!time) throw new NotFoundException(`Time ${id} not found`);
      if (time.profile.user.id === steward.userId) throw new ForbiddenException('This is your own time: another steward decides on it');
      if (time.status !== 'PROVISIONAL') throw new ConflictException(`Time ${id} is ${time.status.toLowerCase()} already`);
      recordStaffChange(em, {
        actorId: steward.userId,
        kind: 'rivals-time',
        entityId: id,
        label: `${driverDisplayName(time.profile)}: ${lapTimeText(time.timeMs)} at ${time.track.track.name} ${time.track.name}`,
        action: status === 'VERIFIED' ? 'verified' : 'rejected',
        before: { status: time.status },
        after: { status, rejectReason: reason },
      });
      em.assign(time, { status, rejectReason: reason, decidedAt: new Date() });
      recordDomainEvent(em, 'RivalTimeSet', { type: 'RivalTime', id }, this.payload(time, status === 'VERIFIED' ? 'verified' : 'rejected'));
      await em.flush();
    });
    return this.one(id);
  }

  /**
   * Stores a time when it beats the driver's best (not rejected) for that car on that board; a slower one
   * is refused (`refuseSlower`: 409) or skipped (returns null). Serialized per driver and board.
   */
  private async store(em: EntityManager, time: NewTime, refuseSlower: boolean): Promise<number | null> {
    await em.execute('select pg_advisory_xact_lock(?, ?)', [time.profileId, time.meta.track.id]);
    const [best] = await em.execute<{ time_ms: number }[]>(
      "select min(time_ms) as time_ms from rival_times where profile_id = ? and track_id = ? and platform = ? and car_id = ? and status <> 'REJECTED'",
      [time.profileId, time.meta.track.id, time.platform, time.carId],
    );
    if (best?.time_ms != null && best.time_ms <= time.timeMs) {
      if (refuseSlower) throw new ConflictException(`Your best here with this car is ${lapTimeText(best.time_ms)}; a slower time does not replace it`);
      return null;
    }
    const row = em.create(RivalTime, {
      profile: time.profileId,
      game: time.meta.game.id,
      track: time.meta.track.id,
      car: time.carId,
      platform: time.platform,
      timeMs: time.timeMs,
      conditions: time.conditions,
      source: time.source,
      status: time.status,
      videoUrl: time.videoUrl ?? null,
    });
    if (time.screenshot) this.images.setImage(em, row, 'screenshot', time.screenshot);
    await em.flush();
    recordDomainEvent(em, 'RivalTimeSet', { type: 'RivalTime', id: row.id }, this.payload(row, 'set'));
    await em.flush();
    return row.id;
  }

  private payload(time: RivalTime, change: 'set' | 'verified' | 'rejected') {
    return {
      timeId: time.id,
      profileId: time.profile.id,
      gameId: time.game.id,
      trackId: time.track.id,
      platform: time.platform,
      timeMs: time.timeMs,
      status: time.status,
      change,
    };
  }

  /** The track variant of a board, checked against the car and platform (400 with the field at fault). */
  private async boardOf(em: EntityManager, trackId: number, carId: number, platform: Platform): Promise<TrackMeta> {
    const meta = (await trackMetas(em, [trackId])).get(trackId);
    if (!meta) throw invalidField('trackId', `track ${trackId} does not exist`);
    const car = await this.cars.lookup(carId);
    if (!car) throw invalidField('carId', `car ${carId} does not exist`);
    if (car.gameId !== meta.game.id) throw invalidField('carId', `${car.name} is not a car of ${meta.game.name}`);
    if (!meta.platforms.includes(platform)) throw invalidField('platform', `${meta.game.name} does not run on ${platform}`);
    return meta;
  }

  private async one(id: number): Promise<RivalTimeDto> {
    const page = await this.page(this.em.fork(), 'where t.id = ?', [id], { pageNumber: 0, pageSize: 1, offset: 0 } as PageQuery);
    if (!page.content[0]) throw new NotFoundException(`Time ${id} not found`);
    return page.content[0];
  }

  private async page(em: EntityManager, where: string, params: unknown[], query: PageQuery): Promise<Page<RivalTimeDto>> {
    const rows = await em.execute<TimeRow[]>(`${TIME_SELECT} ${where} limit ? offset ?`, [...params, query.pageSize, query.pageNumber * query.pageSize]);
    const metas = await trackMetas(
      em,
      rows.map((row) => row.track_id),
    );
    const content = rows.map((row): RivalTimeDto => {
      const meta = metas.get(row.track_id)!;
      return {
        id: row.id,
        profile: profileRef(row),
        platform: row.platform,
        game: meta.game,
        track: meta.track,
        car: carRef(row),
        timeMs: row.time_ms,
        timeAsText: lapTimeText(row.time_ms),
        conditions: row.conditions,
        source: row.source,
        status: row.status,
        screenshot: imageUrl(row.screenshot_id),
        videoUrl: row.video_url,
        rejectReason: row.reject_reason,
        setAt: new Date(row.set_at).toISOString(),
        decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
      };
    });
    return toPage(content, rows.length ? Number(rows[0].total) : await this.count(em, where, params), query);
  }

  /** The total when the page asked for is past the end (no row carries the window count). */
  private async count(em: EntityManager, where: string, params: unknown[]): Promise<number> {
    const clause = where.replace(/ order by .*$/, '');
    const [row] = await em.execute<{ total: string }[]>(`select count(*) as total from rival_times t ${clause}`, params);
    return Number(row?.total ?? 0);
  }
}
