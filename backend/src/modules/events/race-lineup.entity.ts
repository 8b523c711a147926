import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, Index, ManyToOne } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';
import type { Team } from '../teams/team.entity.js';
import { Race } from './event.entities.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

/**
 * A driver in a team's line-up for one race, when it differs from the team's event entry (which is the
 * line-up of every race without rows here). The drivers are among the team's entered drivers of the
 * event (AttendanceService drops a row when its driver leaves the team's entry); a driver races one
 * race for one team (the key).
 */
@Entity({ tableName: 'race_lineups' })
export class RaceLineup {
  [PrimaryKeyProp]?: ['race', 'profile'];

  @ManyToOne(() => Race, { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  race!: Race;

  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  @Index()
  profile!: DriverProfile;

  @OwnedBy(entityNamed<Team>('Team'))
  team!: Team;
}

/** The race line-ups' table (listed beside the events module's own in backend/src/entities.ts). */
export const RACE_LINEUP_ENTITIES = [RaceLineup] as const;
