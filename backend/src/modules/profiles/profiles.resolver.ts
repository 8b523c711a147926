import { GraphqlRead } from '../../infra/graphql/graphql-reads.js';
import { PROFILE_READS } from './profiles.reads.js';
import { Injectable } from '@nestjs/common';
import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { Page } from '../../contracts/api.js';
import type { Platform } from '../../contracts/catalogue.js';
import type { TeamRef } from '../../contracts/api.js';
import type { RaceResultDto, DriverStandingDto } from '../../contracts/competitions.js';
import type { DriverListItemDto, ProfileEventDto, PublicProfileDto, SocialNetwork } from '../../contracts/profiles.js';
import { Loaders } from '../../infra/graphql/graphql-context.js';
import { IdArgs, ListSize } from '../../infra/graphql/graphql-types.js';
import type { BatchRead, RequestLoaders } from '../../infra/graphql/request-loaders.js';
import { DriverStandingType, RaceResultType } from '../competitions/index.js';
import { AttendeeType, type GraphqlAttendee } from '../events/index.js';
import { TeamMemberType, TeamRefType, type GraphqlTeamMember } from '../teams/index.js';
import { DriverDirectory } from './driver-directory.js';
import { DriverListArgs, DriverPageType, DriverType, ProfileEventType, ProfileType, type GraphqlProfile } from './graphql/profile.types.js';

/**
 * Drivers in the GraphQL API: the same reads as `GET /api/profile/list` and `GET /api/profile/{id}`
 * (and its teams and events; its results and stats are competitions' DriverRecordResolver), always as a visitor sees them — a hidden profile is
 * "Private driver" whoever asks.
 */
@Resolver(() => ProfileType)
export class ProfilesResolver {
  constructor(private readonly directory: DriverDirectory) {}

  @Query(() => ProfileType, { nullable: true, description: "A driver's public profile (null and a NOT_FOUND error when there is none)" })
  async profile(@Args() { id }: IdArgs): Promise<GraphqlProfile> {
    const profile = await this.directory.publicProfile(id, undefined);
    return {
      ...profile,
      platformIds: Object.entries(profile.platformIds).map(([platform, platformId]) => ({ platform: platform as Platform, id: platformId })),
      socials: Object.entries(profile.socials).map(([network, url]) => ({ network: network as SocialNetwork, url })),
    };
  }

  @Query(() => DriverPageType, { description: 'The Grid (complete profiles) or, with `roles`, the Crew; by number' })
  @GraphqlRead(PROFILE_READS)
  drivers(@Args() query: DriverListArgs): Promise<Page<DriverListItemDto>> {
    return this.directory.list(query.toListQuery(), undefined);
  }

  @ListSize(2)
  @ResolveField(() => [TeamRefType], { description: 'The teams the driver drives for (at most one per game)' })
  async teams(@Parent() profile: PublicProfileDto): Promise<TeamRef[]> {
    const entries = await this.directory.teamsOf(profile.id, undefined);
    return entries.map(({ driverTeam }) => ({ id: driverTeam.id, name: driverTeam.teamName }));
  }

  @ListSize(20)
  @ResolveField(() => [ProfileEventType], { description: 'The published events the driver entered, newest first' })
  events(@Parent() profile: PublicProfileDto): Promise<ProfileEventDto[]> {
    return this.directory.events(profile.id, undefined);
  }
}

/** Drivers by profile id as lists show them, for a request's DataLoaders: one batch per request, whatever asks. */
@Injectable()
export class PublicDrivers {
  constructor(private readonly directory: DriverDirectory) {}

  readonly byProfileId: BatchRead<number, DriverListItemDto> = (profileIds) => this.directory.listItems(profileIds, undefined);
}

const DRIVER_FIELD = { description: 'Who the driver is (a hidden profile is "Private driver")' };

/** `Attendee.driver`: the drivers of an event, batched. */
@Resolver(() => AttendeeType)
export class AttendeeDriverResolver {
  constructor(private readonly drivers: PublicDrivers) {}

  @ResolveField(() => DriverType, DRIVER_FIELD)
  driver(@Parent() attendee: GraphqlAttendee, @Loaders() loaders: RequestLoaders): Promise<DriverListItemDto | null> {
    return loaders.load(this.drivers.byProfileId, attendee.profileId);
  }
}

/** `TeamMember.driver`: the drivers of every team listed, batched. */
@Resolver(() => TeamMemberType)
export class TeamMemberDriverResolver {
  constructor(private readonly drivers: PublicDrivers) {}

  @ResolveField(() => DriverType, DRIVER_FIELD)
  driver(@Parent() member: GraphqlTeamMember, @Loaders() loaders: RequestLoaders): Promise<DriverListItemDto | null> {
    return loaders.load(this.drivers.byProfileId, member.profileId);
  }
}

/** `RaceResult.driver`: the drivers of every result line asked, batched. */
@Resolver(() => RaceResultType)
export class RaceResultDriverResolver {
  constructor(private readonly drivers: PublicDrivers) {}

  @ResolveField(() => DriverType, DRIVER_FIELD)
  driver(@Parent() line: RaceResultDto, @Loaders() loaders: RequestLoaders): Promise<DriverListItemDto | null> {
    // A guest is no league driver.
    return line.profileId === null ? Promise.resolve(null) : loaders.load(this.drivers.byProfileId, line.profileId);
  }
}

/** `DriverStanding.driver`: the drivers of a standings table, batched. */
@Resolver(() => DriverStandingType)
export class DriverStandingDriverResolver {
  constructor(private readonly drivers: PublicDrivers) {}

  @ResolveField(() => DriverType, { nullable: true, description: 'Who the driver is (a hidden profile is "Private driver"; null for a driver no longer in the league)' })
  driver(@Parent() standing: DriverStandingDto, @Loaders() loaders: RequestLoaders): Promise<DriverListItemDto | null> {
    return loaders.load(this.drivers.byProfileId, standing.profile.id);
  }
}

/** The providers DriversModule adds for the GraphQL API. */
export const PROFILE_RESOLVERS = [ProfilesResolver, PublicDrivers, AttendeeDriverResolver, TeamMemberDriverResolver, RaceResultDriverResolver, DriverStandingDriverResolver];
