import { type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { AuditAction, EvidenceLink, TicketOutcome, TicketState } from '../../contracts/stewarding.js';
import type { Season } from '../competitions/competition.entities.js';
import type { LeagueEvent, Race } from '../events/event.entities.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';
import type { User } from '../users/user.entity.js';
import { CreatedAtEntity, SerialIdEntity } from '../../infra/database/serial-id-entity.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

/** A season's stewarding rules (absent: the defaults of DEFAULT_STEWARDING_SETTINGS). */
@Entity({ tableName: 'season_stewarding_settings' })
export class StewardingSettings {
  @ManyToOne(entityNamed<Season>('Season'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  season!: Rel<Season>;

  @Property({ type: 'integer' })
  coolDownMinutes!: number;

  @Property({ type: 'integer' })
  protestDeadlineMinutes!: number;

  @Property({ type: 'integer' })
  decisionDueMinutes!: number;

  @Property({ type: 'smallint' })
  panelSize!: number;

  @Property({ type: 'smallint' })
  majority!: number;

  @Property({ type: 'integer' })
  appealWindowMinutes!: number;

  @Property({ type: 'smallint' })
  licenceBanThreshold!: number;

  @Property({ type: 'smallint' })
  licenceBanEvents!: number;

  @Property({ type: 'smallint' })
  licenceExpiryEvents!: number;

  @Property({ type: 'boolean', default: true })
  panelHiddenUntilDecision: boolean & Opt = true;
}

/** An incident ticket filed by a driver of a race of a season. */
@Entity({ tableName: 'tickets' })
@Check({ name: 'tickets_state_known', expression: "state in ('OPEN','UNDER_REVIEW','DECIDED','APPEALED','CLOSED')" })
export class Ticket extends SerialIdEntity {
  @OwnedBy(entityNamed<Season>('Season'))
  season!: Rel<Season>;

  @OwnedBy(entityNamed<LeagueEvent>('LeagueEvent'))
  event!: Rel<LeagueEvent>;

  @OwnedBy(entityNamed<Race>('Race'))
  race!: Rel<Race>;

  @Property({ type: 'string', length: 16 })
  state: TicketState & Opt = 'OPEN';

  @Property({ type: 'integer', nullable: true })
  lap: number | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  raceTime: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  videoTimestamp: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  corner: string | null = null;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'jsonb' })
  evidence: EvidenceLink[] & Opt = [];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  filedAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz' })
  windowOpensAt!: Date;

  @Property({ type: 'timestamptz' })
  windowClosesAt!: Date;

  @Property({ type: 'timestamptz' })
  decisionDueAt!: Date;

  /** 1: first hearing; 2: the appeal is being (or was) heard. */
  @Property({ type: 'smallint', defaultRaw: '1' })
  round: number & Opt = 1;
}

/** A driver of a ticket: who filed it, and whom it accuses. */
@Entity({ tableName: 'ticket_parties' })
@Unique({ properties: ['ticket', 'profile'] })
@Check({ name: 'ticket_parties_role_known', expression: "role in ('FILER','ACCUSED')" })
export class TicketParty extends SerialIdEntity {
  @ManyToOne(() => Ticket, { deleteRule: 'cascade' })
  ticket!: Ticket;

  @OwnedBy(entityNamed<DriverProfile>('DriverProfile'))
  profile!: DriverProfile;

  @Property({ type: 'string', length: 8 })
  role!: 'FILER' | 'ACCUSED';
}

/** A party's statement with evidence. */
@Entity({ tableName: 'ticket_statements' })
export class TicketStatement extends CreatedAtEntity {
  @OwnedBy(() => Ticket)
  ticket!: Ticket;

  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { deleteRule: 'cascade' })
  profile!: DriverProfile;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'jsonb' })
  evidence: EvidenceLink[] & Opt = [];
}

/** A message of the stewards' internal thread. */
@Entity({ tableName: 'ticket_messages' })
export class TicketMessage extends CreatedAtEntity {
  @OwnedBy(() => Ticket)
  ticket!: Ticket;

  @ManyToOne(entityNamed<User>('User'), { deleteRule: 'cascade' })
  author!: User;

  @Property({ type: 'text' })
  text!: string;
}

/** A steward's vote in one round of a ticket (a later vote replaces it). */
@Entity({ tableName: 'ticket_votes' })
@Unique({ properties: ['ticket', 'steward', 'round'] })
export class TicketVote extends CreatedAtEntity {
  @ManyToOne(() => Ticket, { deleteRule: 'cascade' })
  ticket!: Ticket;

  @OwnedBy(entityNamed<User>('User'))
  steward!: User;

  @Property({ type: 'smallint' })
  round!: number;

  @Property({ type: 'jsonb' })
  outcomes!: TicketOutcome[];

  @Property({ type: 'text' })
  reason!: string;
}

/** The decision of one round; the one of the highest round is the one that stands. */
@Entity({ tableName: 'ticket_decisions' })
@Unique({ properties: ['ticket', 'round'] })
export class TicketDecision extends SerialIdEntity {
  @ManyToOne(() => Ticket, { deleteRule: 'cascade' })
  ticket!: Ticket;

  @Property({ type: 'smallint' })
  round!: number;

  @Property({ type: 'jsonb' })
  outcomes!: TicketOutcome[];

  @Property({ type: 'text' })
  reason!: string;

  /** User ids of the stewards who decided (the decider and the votes that agreed). */
  @Property({ type: 'jsonb' })
  decidedBy!: number[];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  decidedAt: Date & Opt = new Date();

  @Property({ type: 'boolean', nullable: true })
  confirmed: boolean | null = null;
}

/** A party's appeal of a decision (one per ticket). */
@Entity({ tableName: 'ticket_appeals' })
export class TicketAppeal {
  @ManyToOne(() => Ticket, { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  ticket!: Ticket;

  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { deleteRule: 'cascade' })
  profile!: DriverProfile;

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'jsonb' })
  evidence: EvidenceLink[] & Opt = [];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

/** Every state change of a ticket: who, when, what. */
@Entity({ tableName: 'ticket_audit' })
export class TicketAudit extends SerialIdEntity {
  @OwnedBy(() => Ticket)
  ticket!: Ticket;

  @ManyToOne(entityNamed<User>('User'), { nullable: true, deleteRule: 'set null' })
  actor: User | null = null;

  @Property({ type: 'string', length: 20 })
  action!: AuditAction;

  @Property({ type: 'string', length: 500 })
  detail!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  at: Date & Opt = new Date();
}

/** Licence points a decision gave a driver (rewritten whenever the ticket's standing decision changes). */
@Entity({ tableName: 'licence_entries' })
export class LicenceEntry extends CreatedAtEntity {
  @OwnedBy(() => Ticket)
  ticket!: Ticket;

  @OwnedBy(entityNamed<DriverProfile>('DriverProfile'))
  profile!: DriverProfile;

  @Property({ type: 'smallint' })
  points!: number;

  /** The event of the incident: expiry counts league events after it. */
  @ManyToOne(entityNamed<LeagueEvent>('LeagueEvent'), { deleteRule: 'cascade' })
  event!: Rel<LeagueEvent>;

  @Property({ type: 'smallint' })
  expiryEvents!: number;
}

/** One event a driver may not sign up for, and why (from a decision's race ban or the licence threshold). */
@Entity({ tableName: 'race_bans' })
@Unique({ properties: ['ticket', 'profile', 'event'] })
export class RaceBan extends SerialIdEntity {
  @ManyToOne(() => Ticket, { deleteRule: 'cascade' })
  ticket!: Ticket;

  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { deleteRule: 'cascade' })
  @Index({ name: 'race_bans_profile_id_event_id_index', properties: ['profile', 'event'] })
  profile!: DriverProfile;

  @ManyToOne(entityNamed<LeagueEvent>('LeagueEvent'), { deleteRule: 'cascade' })
  event!: Rel<LeagueEvent>;

  @Property({ type: 'string', length: 200 })
  reason!: string;
}

export const STEWARDING_ENTITIES = [
  StewardingSettings,
  Ticket,
  TicketParty,
  TicketStatement,
  TicketMessage,
  TicketVote,
  TicketDecision,
  TicketAppeal,
  TicketAudit,
  LicenceEntry,
  RaceBan,
];
