import { Int } from '@nestjs/graphql';
import type { GameRefDto } from '../../../contracts/profiles.js';
import { PLATFORMS, type CrossPlayGroupDto, type GameDto, type TrackRef } from '../../../contracts/catalogue.js';
import { contractType, field, graphqlEnum } from '../../../infra/graphql/contract-types.js';

/** GraphQL shapes of the catalogue, from the REST contract (contracts/catalogue.ts). */

export const PlatformEnum = graphqlEnum(PLATFORMS, 'Platform');
export const PlatformFilterEnum = graphqlEnum(['ALL', ...PLATFORMS] as const, 'PlatformFilter', 'A platform, or ALL');

export const CrossPlayGroupType = contractType<CrossPlayGroupDto>('CrossPlayGroup', { name: String, platforms: [PlatformEnum] }, 'Platforms of one game that race together');

export const GameType = contractType<GameDto>('Game', {
  id: Int,
  name: String,
  icon: field(String, { nullable: true, description: 'URL of the webp icon' }),
  platforms: [PlatformEnum],
  crossPlayPlatforms: field([CrossPlayGroupType], { listSize: 2 }),
});

export const GameRefType = contractType<GameRefDto>('GameRef', { id: Int, name: String });

export const TrackRefType = contractType<TrackRef>(
  'TrackRef',
  {
    id: Int,
    trackId: Int,
    trackName: String,
    name: String,
    country: field(String, { description: 'ISO 3166-1 alpha-2' }),
    lengthMeters: Int,
    icon: field(String, { nullable: true }),
  },
  'A raced layout: `id` is the variant, `trackName` the track and `name` the variant',
);
