import { GraphqlRead } from '../../infra/graphql/graphql-reads.js';
import { TEAM_READS } from './teams.reads.js';
import { Args, Query, Resolver } from '@nestjs/graphql';
import type { TeamDto } from '../../contracts/teams.js';
import { IdArgs, ListSize } from '../../infra/graphql/graphql-types.js';
import { TeamType } from './graphql/team.types.js';
import { TeamRosters } from './team-rosters.js';

/** Teams in the GraphQL API: the same reads as `GET /api/teams` and `GET /api/teams/{id}`, as a visitor sees them. */
@Resolver(() => TeamType)
export class TeamsResolver {
  constructor(private readonly rosters: TeamRosters) {}

  @ListSize(20)
  @Query(() => [TeamType], { description: 'Every team with its drivers, by name' })
  @GraphqlRead(TEAM_READS)
  teams(): Promise<TeamDto[]> {
    return this.rosters.list(undefined);
  }

  @Query(() => TeamType, { nullable: true, description: 'One team (null and a NOT_FOUND error when there is none)' })
  @GraphqlRead(TEAM_READS)
  team(@Args() { id }: IdArgs): Promise<TeamDto> {
    return this.rosters.get(id, undefined);
  }
}
