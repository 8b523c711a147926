import { Collection, PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

@Entity({ tableName: 'teams' })
export class Team {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 64, unique: 'teams_name_key' })
  name!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @OneToMany(() => TeamMember, (member) => member.team)
  members = new Collection<TeamMember>(this);
}

/** A driver's seat in a team; captains manage the team's entries. */
@Entity({ tableName: 'team_members' })
export class TeamMember {
  [PrimaryKeyProp]?: ['team', 'user'];

  @ManyToOne(() => Team, { primary: true, deleteRule: 'cascade', updateRule: 'no action', foreignKeyName: 'team_members_team_id_fkey' })
  team!: Team;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade', updateRule: 'no action', foreignKeyName: 'team_members_user_id_fkey' })
  @Index({ name: 'team_members_user_id_index' })
  user!: User;

  @Property({ type: 'boolean' })
  captain: boolean & Opt = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  joinedAt: Date & Opt = new Date();
}
