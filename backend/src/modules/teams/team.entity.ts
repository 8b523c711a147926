import { Collection, PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

@Entity({ tableName: 'teams' })
export class Team {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 64, unique: true })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @OneToMany(() => TeamMember, (member) => member.team)
  members = new Collection<TeamMember>(this);
}

/** A driver's seat in a team; captains manage the team's entries. */
@Entity({ tableName: 'team_members' })
export class TeamMember {
  [PrimaryKeyProp]?: ['team', 'user'];

  @ManyToOne(() => Team, { primary: true, deleteRule: 'cascade' })
  team!: Team;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'boolean' })
  captain: boolean & Opt = false;

  @Property({ type: 'timestamptz' })
  joinedAt: Date & Opt = new Date();
}
