import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { DriverProfile as DriverProfileDto, Page } from '../../contracts/api.js';
import type { Platform } from '../../contracts/catalogue.js';
import { INCOMPLETE_PROFILE, driverDisplayName, shownDriver } from '../../contracts/driver-name.js';
import {
  CHAMPION_NUMBER,
  PLATFORM_ID_FIELD,
  isProfileComplete,
  missingForCompletion,
  numberTakenMessage,
  type ChampionNumberRequest,
  type MyProfileDto,
  type ProfileUpdateRequest,
  type PublicProfileDto,
} from '../../contracts/profiles.js';
import { toPage, type PageQuery } from '../../common/pagination.js';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { DriverNameChange, DriverProfile, DriverProfileGame, ReservedDriverNumber } from './driver-profile.entity.js';

export function toDriverProfileDto(profile: Pick<DriverProfile, keyof DriverProfileDto>): DriverProfileDto {
  return {
    id: profile.id,
    driverNumber: profile.driverNumber,
    name: profile.name,
    xboxUsername: profile.xboxUsername,
    steamUsername: profile.steamUsername,
    steamId: profile.steamId,
    psnName: profile.psnName,
    alternativeName: profile.alternativeName,
    profileCompleted: profile.profileCompleted,
  };
}

/** What other modules need of a profile besides the profile itself: whose it is, and the shown name. */
export interface ProfileSummary extends DriverProfileDto {
  userId: number;
  driverName: string;
  hidden: boolean;
  platforms: Platform[];
  country: string | null;
}

function toSummary(profile: DriverProfile): ProfileSummary {
  return {
    ...toDriverProfileDto(profile),
    userId: profile.user.id,
    driverName: driverDisplayName(profile),
    hidden: profile.hidden,
    platforms: profile.platforms,
    country: profile.country,
  };
}

/** The name a driver is shown by, without the number: what the name history keeps. */
function shownName(profile: DriverProfile): string | null {
  const name = driverDisplayName({ ...profile, driverNumber: null });
  return name === INCOMPLETE_PROFILE ? null : name;
}

/** Whether a viewer sees a hidden profile: its owner and the organizers do. */
export function seesHidden(viewer: Principal | null | undefined, ownerUserId: number): boolean {
  return !!viewer && (viewer.userId === ownerUserId || viewer.flags.isOrganizer);
}

export const profileAggregate = (id: number) => ({ type: 'profile', id });

/** Which constraint refused a save, as the driver should read it. */
const UNIQUE_MESSAGES: [constraint: string, message: (body: ProfileUpdateRequest) => string, field: string][] = [
  ['driver_profiles_driver_number_key', (body) => numberTakenMessage(body.driverNumber!), 'driverNumber'],
  ['driver_profiles_xbox_username_key', (body) => `The Xbox gamertag ${body.xboxUsername} belongs to another driver`, 'xboxUsername'],
  ['driver_profiles_steam_username_key', (body) => `The Steam name ${body.steamUsername} belongs to another driver`, 'steamUsername'],
  ['driver_profiles_steam_id_key', (body) => `The SteamID64 ${body.steamId} belongs to another driver`, 'steamId'],
  ['driver_profiles_psn_name_key', (body) => `The PSN id ${body.psnName} belongs to another driver`, 'psnName'],
];

export interface DriverListFilters {
  platform?: Platform;
  gameId?: number;
  search?: string;
  /** Only these users (the crew of some roles, the members of a team); null for no restriction. */
  userIds?: number[] | null;
  /** The Grid lists complete profiles; the Crew page lists its crew however complete. */
  onlyCompleted: boolean;
  /** Staff and owners see hidden drivers' names; visitors' searches do not match them. */
  viewerSeesHidden: boolean;
}

/**
 * Driver profiles: the one place that reads and writes driver_profiles and its tables; other modules
 * ask here. The database keeps numbers and platform ids unique; this service turns its refusals into
 * 409s that say what is taken, keeps the name history and the completion flag.
 */
@Injectable()
export class ProfilesService {
  constructor(private readonly em: EntityManager) {}

  async findByUser(userId: number, em: EntityManager = this.em.fork()): Promise<DriverProfileDto | null> {
    const profile = await em.findOne(DriverProfile, { user: userId });
    return profile ? toDriverProfileDto(profile) : null;
  }

  /** The profiles of these users, by user id (users without one are missing). */
  async summariesByUser(userIds: number[]): Promise<Map<number, ProfileSummary>> {
    if (!userIds.length) return new Map();
    const profiles = await this.em.fork().find(DriverProfile, { user: { $in: userIds } });
    return new Map(profiles.map((profile) => [profile.user.id, toSummary(profile)]));
  }

  /** These profiles, by profile id (unknown ids are missing); in `em`, the caller's transaction, when given. */
  async summaries(profileIds: number[], em: EntityManager = this.em.fork()): Promise<Map<number, ProfileSummary>> {
    if (!profileIds.length) return new Map();
    const profiles = await em.find(DriverProfile, { id: { $in: profileIds } });
    return new Map(profiles.map((profile) => [profile.id, toSummary(profile)]));
  }

  /** Which of these profiles exist (in `em`, the caller's transaction, when given). */
  async existing(profileIds: readonly number[], em: EntityManager = this.em.fork()): Promise<Set<number>> {
    if (!profileIds.length) return new Set();
    const profiles = await em.find(DriverProfile, { id: { $in: [...profileIds] } }, { fields: ['id'] });
    return new Set(profiles.map((profile) => profile.id));
  }

  /** Every profile's ids and names: what a result file's drivers are matched against. */
  async all(em: EntityManager = this.em.fork()): Promise<DriverProfileDto[]> {
    const fields = ['id', 'driverNumber', 'name', 'alternativeName', 'steamUsername', 'steamId', 'xboxUsername', 'psnName', 'profileCompleted'] as const;
    return (await em.find(DriverProfile, {}, { fields: [...fields] })).map(toDriverProfileDto);
  }

  async exists(profileId: number): Promise<boolean> {
    return (await this.em.fork().count(DriverProfile, profileId)) > 0;
  }

  /** The profile's summary, or 404. */
  async summary(profileId: number): Promise<ProfileSummary> {
    const profile = await this.em.fork().findOne(DriverProfile, profileId);
    if (!profile) throw new NotFoundException(`Driver ${profileId} not found`);
    return toSummary(profile);
  }

  /** The caller's profile as the Profile page edits it (an empty one is made on first visit). */
  async mine(userId: number): Promise<MyProfileDto> {
    const em = this.em.fork();
    await em.execute('insert into driver_profiles (user_id) values (?) on conflict (user_id) do nothing', [userId]);
    const profile = await em.findOneOrFail(DriverProfile, { user: userId });
    return this.toMyProfileDto(em, profile);
  }

  /**
   * Saves the fields given (absent ones stay, null or empty text clears), keeps the name history and
   * the completion flag, in one transaction with its DriverProfileChanged event. A number or platform
   * id another driver holds is a 409 saying so; number 1 is refused while it is kept for the champion.
   */
  async update(userId: number, body: ProfileUpdateRequest): Promise<MyProfileDto> {
    try {
      await this.em.transactional(async (em) => {
        await em.execute('insert into driver_profiles (user_id) values (?) on conflict (user_id) do nothing', [userId]);
        const profile = await em.findOneOrFail(DriverProfile, { user: userId });
        const nameBefore = shownName(profile);
        const completedBefore = profile.profileCompleted;

        if (body.driverNumber !== undefined && body.driverNumber !== profile.driverNumber && body.driverNumber === CHAMPION_NUMBER) {
          const reserved = await em.findOne(ReservedDriverNumber, { driverNumber: CHAMPION_NUMBER });
          if (reserved && reserved.profile.id !== profile.id) throw new ConflictException(`Number ${CHAMPION_NUMBER} is kept for the reigning champion`);
        }
        const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
        const changes: Partial<DriverProfile> = {
          driverNumber: body.driverNumber,
          name: text(body.name),
          alternativeName: text(body.alternativeName),
          xboxUsername: text(body.xboxUsername),
          steamUsername: text(body.steamUsername),
          steamId: text(body.steamId),
          psnName: text(body.psnName),
          country: text(body.country)?.toUpperCase(),
          timeZone: text(body.timeZone),
          hidden: body.hidden,
          platforms: body.platforms,
          socials: body.socials && Object.fromEntries(Object.entries(body.socials).filter(([, url]) => !!url?.trim())),
        };
        for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(profile, { [key]: value });
        profile.profileCompleted = isProfileComplete(profile);

        if (body.gameIds) {
          await em.nativeDelete(DriverProfileGame, { profile: profile.id });
          for (const gameId of new Set(body.gameIds)) em.create(DriverProfileGame, { profile, game: gameId });
        }
        const nameAfter = shownName(profile);
        if (nameBefore && nameBefore !== nameAfter) em.create(DriverNameChange, { profile, previousName: nameBefore });
        await em.flush();
        recordDomainEvent(em, 'DriverProfileChanged', profileAggregate(profile.id), {
          profileId: profile.id,
          userId,
          completed: profile.profileCompleted,
          becameComplete: !completedBefore && profile.profileCompleted,
        });
        await em.flush();
      });
    } catch (error) {
      throw this.explainRefusal(error, body);
    }
    return this.mine(userId);
  }

  /** Numbers other drivers hold (and number 1 while it is kept for someone else), ascending. */
  async takenNumbers(userId: number | null): Promise<number[]> {
    const em = this.em.fork();
    const rows = await em.execute<{ n: number }[]>(
      `select driver_number as n from driver_profiles where driver_number is not null and user_id is distinct from ?
       union select r.driver_number from reserved_driver_numbers r join driver_profiles p on p.id = r.profile_id where p.user_id is distinct from ?
       order by 1`,
      [userId, userId],
    );
    return rows.map((row) => row.n);
  }

  /** Keeps number 1 for the champion's profile (null: number 1 is free for all). The champion gets number 1 if it is free. */
  async setChampion(profileId: number | null): Promise<ChampionNumberRequest> {
    await this.em.transactional(async (em) => {
      await em.nativeDelete(ReservedDriverNumber, { driverNumber: CHAMPION_NUMBER });
      if (profileId === null) return;
      if (!(await em.count(DriverProfile, profileId))) throw invalidField('profileId', `driver ${profileId} does not exist`);
      em.create(ReservedDriverNumber, { driverNumber: CHAMPION_NUMBER, profile: profileId });
      await em.flush();
    });
    return { profileId };
  }

  /** The public profile; a hidden one is "Private driver" to all but its owner and the organizers. */
  async publicProfile(profileId: number, viewer: Principal | null | undefined): Promise<PublicProfileDto & { userId: number }> {
    const em = this.em.fork();
    const profile = await em.findOne(DriverProfile, profileId);
    if (!profile) throw new NotFoundException(`Driver ${profileId} not found`);
    if (profile.hidden && !seesHidden(viewer, profile.user.id)) {
      return {
        id: profile.id,
        userId: profile.user.id,
        hidden: true,
        ...shownDriver(profile, false),
        country: null,
        platforms: [],
        platformIds: {},
        games: [],
        socials: {},
        nameHistory: [],
        isNew: false,
        profileCompleted: profile.profileCompleted,
      };
    }
    const [games, nameHistory] = await Promise.all([this.gamesOf(em, profile.id), this.nameHistory(em, profile.id)]);
    return {
      id: profile.id,
      userId: profile.user.id,
      hidden: profile.hidden,
      driverName: driverDisplayName(profile),
      driverNumber: profile.driverNumber,
      country: profile.country,
      platforms: profile.platforms,
      platformIds: Object.fromEntries(
        profile.platforms.map((platform) => [platform, profile[PLATFORM_ID_FIELD[platform]]]).filter(([, id]) => !!id),
      ) as PublicProfileDto['platformIds'],
      games,
      socials: profile.socials,
      nameHistory,
      isNew: false,
      profileCompleted: profile.profileCompleted,
    };
  }

  /** One page of drivers, by number (drivers without one last). */
  async page(filters: DriverListFilters, query: PageQuery): Promise<Page<ProfileSummary>> {
    if (filters.userIds && !filters.userIds.length) return toPage([], 0, query);
    const where: FilterQuery<DriverProfile> = {};
    const and: FilterQuery<DriverProfile>[] = [];
    if (filters.onlyCompleted) where.profileCompleted = true;
    if (filters.userIds) where.user = { $in: filters.userIds };
    if (filters.platform) where.platforms = { $contains: [filters.platform] };
    if (filters.gameId) {
      const em = this.em.fork();
      const rows = await em.find(DriverProfileGame, { game: filters.gameId }, { fields: ['profile'] });
      and.push({ id: { $in: rows.map((row) => row.profile.id) } });
    }
    if (filters.search) {
      const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byText = ['name', 'alternativeName', 'xboxUsername', 'steamUsername', 'psnName'].map((field) => ({ [field]: { $ilike: pattern } }));
      const byNumber = /^\d{1,3}$/.test(filters.search) ? [{ driverNumber: Number(filters.search) }] : [];
      and.push({ $or: [...byText, ...byNumber] as FilterQuery<DriverProfile>[] });
      if (!filters.viewerSeesHidden) and.push({ hidden: false });
    }
    if (and.length) Object.assign(where, { $and: and });
    const [profiles, total] = await this.em.fork().findAndCount(DriverProfile, where, {
      orderBy: [{ driverNumber: 'asc nulls last' }, { id: 'asc' }],
      limit: query.pageSize,
      offset: query.offset,
    });
    return toPage(profiles.map(toSummary), total, query);
  }

  private async toMyProfileDto(em: EntityManager, profile: DriverProfile): Promise<MyProfileDto> {
    const [games, nameHistory] = await Promise.all([this.gamesOf(em, profile.id), this.nameHistory(em, profile.id)]);
    return {
      ...toDriverProfileDto(profile),
      driverName: driverDisplayName(profile),
      missing: missingForCompletion(profile),
      country: profile.country,
      timeZone: profile.timeZone,
      platforms: profile.platforms,
      games,
      socials: profile.socials,
      hidden: profile.hidden,
      nameHistory,
    };
  }

  private async gamesOf(em: EntityManager, profileId: number) {
    const rows = await em.find(DriverProfileGame, { profile: profileId }, { populate: ['game'], orderBy: { game: { name: 'asc' } } });
    return rows.map(({ game }) => ({ id: game.id, name: game.name }));
  }

  private async nameHistory(em: EntityManager, profileId: number) {
    const rows = await em.find(DriverNameChange, { profile: profileId }, { orderBy: { changedAt: 'desc', id: 'desc' }, limit: 20 });
    return rows.map((row) => ({ name: row.previousName, changedAt: row.changedAt.toISOString() }));
  }

  /** A refusal by the database as the driver should read it: 409 naming what is taken, 400 for an unknown game. */
  private explainRefusal(error: unknown, body: ProfileUpdateRequest): unknown {
    if (error instanceof UniqueConstraintViolationException) {
      const found = UNIQUE_MESSAGES.find(([constraint]) => error.message.includes(constraint));
      if (found) return new ConflictException({ message: found[1](body), errors: { [found[2]]: [found[1](body)] } });
    }
    if (error instanceof ForeignKeyConstraintViolationException && error.message.includes('driver_profile_games_game_id_fkey')) {
      return invalidField('gameIds', 'one of the games does not exist');
    }
    return error;
  }
}
