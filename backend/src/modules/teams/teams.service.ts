import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { TeamRef } from '../../contracts/api.js';
import { TeamMember } from './team.entity.js';

@Injectable()
export class TeamsService {
  constructor(private readonly em: EntityManager) {}

  async teamsOf(userId: number): Promise<TeamRef[]> {
    const memberships = await this.em.find(TeamMember, { user: userId }, { populate: ['team'], orderBy: { team: { name: 'asc' } } });
    return memberships.map(({ team }) => ({ id: team.id, name: team.name }));
  }
}
