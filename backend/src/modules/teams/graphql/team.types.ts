import { Int } from '@nestjs/graphql';
import type { TeamRef } from '../../../contracts/api.js';
import type { TeamDto, TeamMemberDto } from '../../../contracts/teams.js';
import { contractType, field } from '../../../infra/graphql/contract-types.js';
import { GameRefType, PlatformEnum } from '../../catalogue/index.js';

/** GraphQL shapes of teams (contracts/teams.ts). A member's name comes through `driver`, which hides private drivers. */

export const TeamRefType = contractType<TeamRef>('TeamRef', { id: Int, name: String });

/** A member without the name and number REST shows: GraphQL answers them in `driver`, hidden as a visitor sees them. */
export type GraphqlTeamMember = Pick<TeamMemberDto, 'profileId' | 'captain' | 'joinedAt'>;

export const TeamMemberType = contractType<GraphqlTeamMember>(
  'TeamMember',
  { profileId: Int, captain: Boolean, joinedAt: field(String, { description: 'UTC, ISO 8601' }) },
  'A seat in a team; the driver (name, number) is `driver`',
);

export const TeamType = contractType<Omit<TeamDto, 'members'> & { members: GraphqlTeamMember[] }>('Team', {
  id: Int,
  name: String,
  tag: field(String, { nullable: true }),
  colour: field(String, { description: '#rrggbb' }),
  logo: field(String, { nullable: true, description: 'URL of the webp logo' }),
  game: field(GameRefType, { nullable: true }),
  platforms: [PlatformEnum],
  members: field([TeamMemberType], { listSize: 6 }),
});
