import { ArgsType, Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { DEFAULT_PAGE_SIZE } from '../../../common/pagination.js';
import type { Platform } from '../../../contracts/catalogue.js';
import type { DriverListItemDto, NameChangeDto, ProfileEventDto, PublicProfileDto, SeasonResultsDto, SocialNetwork, StatsSummaryDto } from '../../../contracts/profiles.js';
import { CREW_ROLES, type Role } from '../../../contracts/roles.js';
import { ListSize, PageOf, graphqlEnum } from '../../../infra/graphql/graphql-types.js';
import { GameRefType, PlatformEnum, PlatformFilterEnum } from '../../catalogue/index.js';
import { TeamRefType } from '../../teams/index.js';
import { DriverListQuery } from '../dto/profile.dto.js';

/**
 * GraphQL shapes of drivers (contracts/profiles.ts): `Driver` wherever a driver appears in a list or
 * beside a result, `Profile` for one driver's page. A hidden profile is "Private driver" with no details.
 */

export const CrewRoleEnum = graphqlEnum(CREW_ROLES, 'CrewRole');

@ObjectType('Driver', { description: 'A driver as lists show them; a hidden profile shows "Private driver" and nothing else' })
export class DriverType implements DriverListItemDto {
  @Field(() => Int, { description: 'The profile id' })
  id!: number;

  @Field(() => String)
  driverName!: string;

  @Field(() => Int, { nullable: true })
  driverNumber!: number | null;

  @Field(() => Boolean)
  hidden!: boolean;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2' })
  country!: string | null;

  @Field(() => [PlatformEnum])
  platforms!: Platform[];

  @ListSize(2)
  @Field(() => [TeamRefType])
  teams!: TeamRefType[];

  @Field(() => [CrewRoleEnum], { description: 'The crew roles held (hosts, stewards, …)' })
  crewRoles!: Role[];
}

@ObjectType('DriverPage')
export class DriverPageType extends PageOf(DriverType) {}

@ObjectType('PlatformId', { description: "The driver's id on a platform raced on" })
export class PlatformIdType {
  @Field(() => PlatformEnum)
  platform!: Platform;

  @Field(() => String)
  id!: string;
}

@ObjectType('SocialLink')
export class SocialLinkType {
  @Field(() => String, { description: 'twitch, youtube, tiktok, instagram, x or facebook' })
  network!: SocialNetwork;

  @Field(() => String)
  url!: string;
}

@ObjectType('NameChange')
export class NameChangeType implements NameChangeDto {
  @Field(() => String, { description: 'The name shown before the change' })
  name!: string;

  @Field(() => String, { description: 'UTC, ISO 8601' })
  changedAt!: string;
}

@ObjectType('Profile', { description: 'A driver\'s public profile; a hidden one shows only `hidden` and "Private driver"' })
export class ProfileType implements Omit<PublicProfileDto, 'platformIds' | 'socials'> {
  @Field(() => Int)
  id!: number;

  @Field(() => Boolean)
  hidden!: boolean;

  @Field(() => String)
  driverName!: string;

  @Field(() => Int, { nullable: true })
  driverNumber!: number | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2' })
  country!: string | null;

  @Field(() => [PlatformEnum])
  platforms!: Platform[];

  @ListSize(2)
  @Field(() => [PlatformIdType])
  platformIds!: PlatformIdType[];

  @ListSize(3)
  @Field(() => [GameRefType])
  games!: GameRefType[];

  @ListSize(3)
  @Field(() => [SocialLinkType])
  socials!: SocialLinkType[];

  @ListSize(5)
  @Field(() => [NameChangeType])
  nameHistory!: NameChangeType[];

  @Field(() => Boolean, { description: 'Still NEW: has not passed an assessment race' })
  isNew!: boolean;

  @Field(() => Boolean)
  profileCompleted!: boolean;
}

@ObjectType('ProfileEvent', { description: 'A published event the driver entered' })
export class ProfileEventType implements ProfileEventDto {
  @Field(() => Int)
  eventId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'UTC, ISO 8601' })
  date!: string;

  @Field(() => Boolean)
  assessmentEvent!: boolean;

  @Field(() => TeamRefType, { nullable: true })
  team!: TeamRefType | null;
}

@ObjectType('DriverStats', { description: "A driver's record from posted results" })
export class DriverStatsType implements StatsSummaryDto {
  @Field(() => Int)
  profileId!: number;

  @Field(() => Int)
  starts!: number;

  @Field(() => Int)
  wins!: number;

  @Field(() => Int)
  podiums!: number;

  @Field(() => Int)
  poles!: number;

  @Field(() => Int)
  fastestLaps!: number;

  @Field(() => Int)
  dnfs!: number;

  @Field(() => Float, { nullable: true, description: 'Mean finishing position of classified finishes' })
  averageFinish!: number | null;

  @Field(() => Float)
  points!: number;
}

@ObjectType('CarMate', { description: 'Another driver of the car: a league driver (no id when hidden) or a guest, by name' })
export class CarMateType {
  @Field(() => Int, { nullable: true })
  profileId!: number | null;

  @Field(() => String)
  driverName!: string;
}

@ObjectType('SeasonResult')
export class SeasonResultType {
  @Field(() => Int)
  eventId!: number;

  @Field(() => String)
  eventName!: string;

  @Field(() => String, { description: 'UTC, ISO 8601' })
  date!: string;

  @Field(() => Int, { nullable: true })
  position!: number | null;

  @Field(() => Float)
  points!: number;

  @ListSize(4)
  @Field(() => [CarMateType], { description: 'Who else drove the car in the round (empty when the driver drove alone)' })
  coDrivers!: CarMateType[];
}

@ObjectType('DriverSeasonResults', { description: "A driver's results in one season" })
export class DriverSeasonResultsType implements SeasonResultsDto {
  @Field(() => Int)
  seasonId!: number;

  @Field(() => String)
  seasonName!: string;

  @Field(() => String)
  competitionName!: string;

  @ListSize(10)
  @Field(() => [SeasonResultType])
  results!: SeasonResultType[];
}

/** `drivers` arguments: REST's `GET /api/profile/list` query (the Grid, or with `roles` the Crew), validated by the same DTO. */
@ArgsType()
export class DriverListArgs extends DriverListQuery {
  @Field(() => Int, { defaultValue: 0, description: '0-based' })
  override pageNumber = 0;

  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'At most 1000' })
  override pageSize = DEFAULT_PAGE_SIZE;

  @Field(() => String, { nullable: true, description: 'Comma-separated roles, or a Crew filter: all, admin, organizers, hosts, racedirector, headstewards, stewards' })
  override roles?: string = undefined;

  @Field(() => PlatformFilterEnum, { nullable: true })
  override platform?: Platform | 'ALL' = undefined;

  @Field(() => Int, { nullable: true, description: 'A game id' })
  override game?: number = undefined;

  @Field(() => Int, { nullable: true, description: 'A team id' })
  override team?: number = undefined;

  @Field(() => String, { nullable: true, description: 'Part of a name or platform id, or a number' })
  override search?: string = undefined;
}
