import { Field, Int, ObjectType } from '@nestjs/graphql';
import { PLATFORMS, type CrossPlayGroupDto, type GameDto, type Platform, type TrackRef } from '../../../contracts/catalogue.js';
import { ListSize, graphqlEnum } from '../../../infra/graphql/graphql-types.js';

/** GraphQL shapes of the catalogue, as the REST contract has them (contracts/catalogue.ts). */

export const PlatformEnum = graphqlEnum(PLATFORMS, 'Platform');
export const PlatformFilterEnum = graphqlEnum(['ALL', ...PLATFORMS] as const, 'PlatformFilter', 'A platform, or ALL');

@ObjectType('CrossPlayGroup', { description: 'Platforms of one game that race together' })
export class CrossPlayGroupType implements CrossPlayGroupDto {
  @Field(() => String)
  name!: string;

  @Field(() => [PlatformEnum])
  platforms!: Platform[];
}

@ObjectType('Game')
export class GameType implements GameDto {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: 'URL of the webp icon' })
  icon!: string | null;

  @Field(() => [PlatformEnum])
  platforms!: Platform[];

  @ListSize(2)
  @Field(() => [CrossPlayGroupType])
  crossPlayPlatforms!: CrossPlayGroupDto[];
}

@ObjectType('GameRef')
export class GameRefType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;
}

@ObjectType('TrackRef', { description: 'A raced layout: `id` is the variant, `trackName` the track and `name` the variant' })
export class TrackRefType implements TrackRef {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  trackId!: number;

  @Field(() => String)
  trackName!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  country!: string;

  @Field(() => Int)
  lengthMeters!: number;

  @Field(() => String, { nullable: true })
  icon!: string | null;
}
