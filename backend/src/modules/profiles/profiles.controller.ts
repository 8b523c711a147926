import { Body, Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { Caller, CurrentPrincipal, seesHiddenDrivers, type Principal } from '../../common/principal.js';
import type { Page } from '../../contracts/api.js';
import type { ChampionNumberRequest, DriverListItemDto, MyProfileDto, ProfileEventDto, PromotedDriver, PublicProfileDto } from '../../contracts/profiles.js';
import type { TeamDriverEntry } from '../../contracts/teams.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { DriverDirectory } from './driver-directory.js';
import {
  AccountUpdateBody,
  ChampionNumberBody,
  ConnectionsUpdateBody,
  DriverListQuery,
  GamesUpdateBody,
  ProfileIdParam,
  ProfileUpdateBody,
  PromoteBody,
  SocialsUpdateBody,
} from './dto/profile.dto.js';
import { PROFILE_READS } from './profiles.reads.js';
import { ProfilesService } from './profiles.service.js';

/** The owner (and organizers) see a hidden profile: signed-in callers read the database. */
const signedIn = (principal: Principal | undefined) => !!principal;

@ApiTags('profiles')
@Controller()
export class ProfilesController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly directory: DriverDirectory,
  ) {}

  // Fixed paths come before `:id`, which would otherwise take them.

  /** The caller's own profile, as the Profile page edits it (made empty on first visit). */
  @Endpoint('GET /profile')
  mine(@CurrentPrincipal() principal: Principal): Promise<MyProfileDto> {
    return this.profiles.mine(principal.userId);
  }

  /** Any fields of the profile; `profileCompleted` follows (a number and an id on a platform raced on). 409 when a number or platform id is taken. */
  @Endpoint('PATCH /profile')
  update(@CurrentPrincipal() principal: Principal, @Body() body: ProfileUpdateBody): Promise<MyProfileDto> {
    return this.profiles.update(principal.userId, body);
  }

  /** Name, country, time zone, and whether visitors see the profile. */
  @Endpoint('PATCH /profile/account')
  updateAccount(@CurrentPrincipal() principal: Principal, @Body() body: AccountUpdateBody): Promise<MyProfileDto> {
    return this.profiles.update(principal.userId, body);
  }

  /** The platform ids: Xbox gamertag, Steam name, PSN id. */
  @Endpoint('PATCH /profile/connections')
  updateConnections(@CurrentPrincipal() principal: Principal, @Body() body: ConnectionsUpdateBody): Promise<MyProfileDto> {
    return this.profiles.update(principal.userId, body);
  }

  @Endpoint('PATCH /profile/socials')
  updateSocials(@CurrentPrincipal() principal: Principal, @Body() body: SocialsUpdateBody): Promise<MyProfileDto> {
    return this.profiles.update(principal.userId, body);
  }

  /** The games and platforms the driver races on. */
  @Endpoint('PATCH /profile/games')
  updateGames(@CurrentPrincipal() principal: Principal, @Body() body: GamesUpdateBody): Promise<MyProfileDto> {
    return this.profiles.update(principal.userId, body);
  }

  /** Numbers other drivers hold (and 1 while it is kept for the champion), for the form to show before saving. */
  @Endpoint('GET /profile/takenDriverNumbers')
  takenDriverNumbers(@CurrentPrincipal() principal: Principal): Promise<number[]> {
    return this.profiles.takenNumbers(principal.userId);
  }

  /**
   * The Grid (complete profiles) and, with `roles`, the Crew: filters `roles` (roles or a crew filter
   * value), `platform`, `game`, `team`, `search`; 0-based pages of 25 by default.
   */
  @Endpoint('GET /profile/list')
  @CachedRead(PROFILE_READS, { bypass: seesHiddenDrivers })
  list(@Query() query: DriverListQuery, @Caller() viewer?: Principal): Promise<Page<DriverListItemDto>> {
    return this.directory.list(query, viewer);
  }

  /** Removes NEW from a driver after their assessment race; the driver's menus change live. */
  @Endpoint('POST /profile/promote')
  promote(@Body() body: PromoteBody): Promise<PromotedDriver> {
    return this.directory.promote(body.profileId);
  }

  /** Keeps number 1 for the reigning champion (`profileId`), or frees it (`null`). */
  @Endpoint('PUT /profile/championNumber')
  championNumber(@Body() body: ChampionNumberBody): Promise<ChampionNumberRequest> {
    return this.profiles.setChampion(body.profileId ?? null);
  }

  /** A driver's public profile; a hidden one is "Private driver" to visitors. */
  @Endpoint('GET /profile/:id')
  @CachedRead(PROFILE_READS, { bypass: signedIn })
  publicProfile(@Param() { id }: ProfileIdParam, @Caller() viewer?: Principal): Promise<PublicProfileDto> {
    return this.directory.publicProfile(id, viewer);
  }

  /** SPEC §3's team-driver entry of the driver, or `{driverTeam: null}`. */
  @Endpoint('GET /profile/:id/team')
  @CachedRead(PROFILE_READS, { bypass: signedIn })
  team(@Param() { id }: ProfileIdParam, @Caller() viewer?: Principal): Promise<TeamDriverEntry | { driverTeam: null }> {
    return this.directory.teamOf(id, viewer);
  }

  /** Every team the driver drives for (at most one per game). */
  @Endpoint('GET /profile/:id/teams')
  @CachedRead(PROFILE_READS, { bypass: signedIn })
  teams(@Param() { id }: ProfileIdParam, @Caller() viewer?: Principal): Promise<TeamDriverEntry[]> {
    return this.directory.teamsOf(id, viewer);
  }

  /** The published events the driver entered, newest first. */
  @Endpoint('GET /profile/:id/events')
  @CachedRead(PROFILE_READS, { bypass: signedIn })
  events(@Param() { id }: ProfileIdParam, @Caller() viewer?: Principal): Promise<ProfileEventDto[]> {
    return this.directory.events(id, viewer);
  }
}
