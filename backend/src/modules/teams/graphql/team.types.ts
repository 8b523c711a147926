import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { TeamRef } from '../../../contracts/api.js';
import type { Platform } from '../../../contracts/catalogue.js';
import type { TeamDto, TeamMemberDto } from '../../../contracts/teams.js';
import { ListSize } from '../../../infra/graphql/graphql-types.js';
import { GameRefType, PlatformEnum } from '../../catalogue/index.js';

/** GraphQL shapes of teams (contracts/teams.ts). A member's name comes through `driver`, which hides private drivers. */

@ObjectType('TeamRef')
export class TeamRefType implements TeamRef {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;
}

@ObjectType('TeamMember', { description: 'A seat in a team; the driver (name, number) is `driver`' })
export class TeamMemberType implements Pick<TeamMemberDto, 'profileId' | 'captain' | 'joinedAt'> {
  @Field(() => Int)
  profileId!: number;

  @Field(() => Boolean)
  captain!: boolean;

  @Field(() => String, { description: 'UTC, ISO 8601' })
  joinedAt!: string;
}

@ObjectType('Team')
export class TeamType implements Omit<TeamDto, 'members'> {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  tag!: string | null;

  @Field(() => String, { description: '#rrggbb' })
  colour!: string;

  @Field(() => String, { nullable: true, description: 'URL of the webp logo' })
  logo!: string | null;

  @Field(() => GameRefType, { nullable: true })
  game!: { id: number; name: string } | null;

  @Field(() => [PlatformEnum])
  platforms!: Platform[];

  @ListSize(6)
  @Field(() => [TeamMemberType])
  members!: TeamMemberType[];
}
