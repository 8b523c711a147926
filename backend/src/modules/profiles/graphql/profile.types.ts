import { ArgsType, Field, Float, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, Min } from 'class-validator';
import type { Platform } from '../../../contracts/catalogue.js';
import {
  SOCIAL_NETWORKS,
  type CarMateDto,
  type DriverListItemDto,
  type NameChangeDto,
  type ProfileEventDto,
  type PublicProfileDto,
  type SeasonResultsDto,
  type SocialNetwork,
  type StatsSummaryDto,
} from '../../../contracts/profiles.js';
import { CREW_ROLES } from '../../../contracts/roles.js';
import { contractType, field, graphqlEnum, pageType } from '../../../infra/graphql/contract-types.js';
import { GameRefType, PlatformEnum, PlatformFilterEnum } from '../../catalogue/index.js';
import { TeamRefType } from '../../teams/index.js';
import { PageArgs } from '../../../infra/graphql/graphql-types.js';
import { DriverListQuery } from '../dto/profile.dto.js';

/**
 * GraphQL shapes of drivers (contracts/profiles.ts): `Driver` wherever a driver appears in a list or
 * beside a result, `Profile` for one driver's page. A hidden profile is "Private driver" with no details.
 */

export const CrewRoleEnum = graphqlEnum(CREW_ROLES, 'CrewRole');
export const SocialNetworkEnum = graphqlEnum(SOCIAL_NETWORKS, 'SocialNetwork');

const driverFields = {
  driverName: String,
  driverNumber: field(Int, { nullable: true }),
  hidden: Boolean,
  country: field(String, { nullable: true, description: 'ISO 3166-1 alpha-2' }),
  platforms: [PlatformEnum],
} as const;

export const DriverType = contractType<DriverListItemDto>(
  'Driver',
  {
    id: field(Int, { description: 'The profile id' }),
    ...driverFields,
    teams: field([TeamRefType], { listSize: 2 }),
    crewRoles: field([CrewRoleEnum], { description: 'The crew roles held (hosts, stewards, …)' }),
  },
  'A driver as lists show them; a hidden profile shows "Private driver" and nothing else',
);

export const DriverPageType = pageType('DriverPage', DriverType);

/** The id on one platform: GraphQL lists REST's `platformIds` map as these. */
interface PlatformIdDto {
  platform: Platform;
  id: string;
}

/** A social link: GraphQL lists REST's `socials` map as these. */
interface SocialLinkDto {
  network: SocialNetwork;
  url: string;
}

/** The public profile with its maps as lists (GraphQL has no maps). */
export type GraphqlProfile = Omit<PublicProfileDto, 'platformIds' | 'socials'> & { platformIds: PlatformIdDto[]; socials: SocialLinkDto[] };

export const PlatformIdType = contractType<PlatformIdDto>('PlatformId', { platform: PlatformEnum, id: String }, "The driver's id on a platform raced on");

export const SocialLinkType = contractType<SocialLinkDto>('SocialLink', { network: SocialNetworkEnum, url: String });

export const NameChangeType = contractType<NameChangeDto>('NameChange', {
  name: field(String, { description: 'The name shown before the change' }),
  changedAt: field(String, { description: 'UTC, ISO 8601' }),
});

export const ProfileType = contractType<GraphqlProfile>(
  'Profile',
  {
    id: Int,
    ...driverFields,
    platformIds: field([PlatformIdType], { listSize: 2 }),
    games: field([GameRefType], { listSize: 3 }),
    socials: field([SocialLinkType], { listSize: 3 }),
    nameHistory: field([NameChangeType], { listSize: 5 }),
    isNew: field(Boolean, { description: 'Still NEW: has not passed an assessment race' }),
    profileCompleted: Boolean,
  },
  'A driver\'s public profile; a hidden one shows only `hidden` and "Private driver"',
);

export const ProfileEventType = contractType<ProfileEventDto>(
  'ProfileEvent',
  {
    eventId: Int,
    name: String,
    date: field(String, { description: 'UTC, ISO 8601' }),
    assessmentEvent: Boolean,
    team: field(TeamRefType, { nullable: true }),
  },
  'A published event the driver entered',
);

export const DriverStatsType = contractType<StatsSummaryDto>(
  'DriverStats',
  {
    profileId: Int,
    starts: Int,
    wins: Int,
    podiums: Int,
    poles: Int,
    fastestLaps: Int,
    dnfs: Int,
    averageFinish: field(Float, { nullable: true, description: 'Mean finishing position of classified finishes' }),
    points: Float,
  },
  "A driver's record from posted results",
);

export const CarMateType = contractType<CarMateDto>(
  'CarMate',
  { profileId: field(Int, { nullable: true }), driverName: String },
  'Another driver of the car: a league driver (no id when hidden) or a guest, by name',
);

export const SeasonResultType = contractType<SeasonResultsDto['results'][number]>('SeasonResult', {
  eventId: Int,
  eventName: String,
  date: field(String, { description: 'UTC, ISO 8601' }),
  position: field(Int, { nullable: true }),
  points: Float,
  coDrivers: field([CarMateType], { listSize: 4, description: 'Who else drove the car in the round (empty when the driver drove alone)' }),
});

export const DriverSeasonResultsType = contractType<SeasonResultsDto>(
  'DriverSeasonResults',
  { seasonId: Int, seasonName: String, competitionName: String, results: field([SeasonResultType], { listSize: 10 }) },
  "A driver's results in one season",
);

/** `drivers` arguments: REST's `GET /api/profile/list` query (the Grid, or with `roles` the Crew), validated by the same DTO but for the ids (`gameId`, `teamId`). */
@ArgsType()
export class DriverListArgs extends PageArgs(DriverListQuery) {
  @Field(() => String, { nullable: true, description: 'Comma-separated roles, or a Crew filter: all, admin, organizers, hosts, racedirector, headstewards, stewards' })
  override roles?: string = undefined;

  @Field(() => PlatformFilterEnum, { nullable: true })
  override platform?: Platform | 'ALL' = undefined;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  gameId?: number = undefined;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  teamId?: number = undefined;

  @Field(() => String, { nullable: true, description: 'Part of a name or platform id, or a number' })
  override search?: string = undefined;

  /** The directory's query: REST names the game's and team's ids `game` and `team`. */
  toListQuery(): DriverListQuery {
    return Object.assign(new DriverListQuery(), this, { game: this.gameId, team: this.teamId });
  }
}
