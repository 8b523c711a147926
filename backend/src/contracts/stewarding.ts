/**
 * Stewarding (issue #13): incident tickets, statements, the stewards' internal thread and votes,
 * decisions and their outcomes, appeals, the audit trail, the licence points ledger and the public
 * safety-car list. Types and pure rules only, shared with the web client.
 *
 * Routes:
 * - `GET /api/seasons/{season}/stewarding` (isSteward), `PUT /api/seasons/{season}/stewarding` (isOrganizer): StewardingSettingsDto.
 * - `POST /api/tickets` (signed in, a driver of that race): TicketRequest → TicketDto.
 * - `GET /api/tickets?state&season&race&pageNumber&pageSize` (isSteward): Page<TicketListItemDto>.
 * - `GET /api/tickets/mine?pageNumber&pageSize` (signed in): the caller's tickets (filed by or against them), Page<TicketListItemDto>.
 * - `GET /api/tickets/{id}` (stewards, or a party of the ticket): TicketDto (`internal` only for stewards).
 * - `POST /api/tickets/{id}/statements` (a party, within the window): StatementRequest → TicketDto.
 * - `POST /api/tickets/{id}/messages` (isSteward): ThreadMessageRequest → TicketDto (internal thread).
 * - `POST /api/tickets/{id}/votes` (isSteward, not recused): VoteRequest → TicketDto.
 * - `POST /api/tickets/{id}/decision` (isSteward, not recused; majority of votes or HEAD_STEWARD): DecisionRequest → TicketDto.
 * - `POST /api/tickets/{id}/appeal` (a party, within the appeal window): AppealRequest → TicketDto.
 * - `GET /api/profile/{id}/licence` (signed in): LicenceDto.
 * - `GET /api/safety-car?pageNumber&pageSize` (public): Page<SafetyCarDecisionDto>.
 * - `GET /api/safety-car/races/{race}` (public): RaceStewardingDto — whether the race's results are still provisional.
 */
import type { Page, PageParams } from './api.js';
import { created, route } from './http.js';

/**
 * OPEN: filed, no steward has voted yet. UNDER_REVIEW: stewards are voting. DECIDED: a decision stands
 * (appealable until `appealableUntil`). APPEALED: a party appealed; other stewards hear it. CLOSED: the
 * appeal was decided (the outcome replaced or confirmed the decision).
 */
export const TICKET_STATES = ['OPEN', 'UNDER_REVIEW', 'DECIDED', 'APPEALED', 'CLOSED'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const OUTCOME_KINDS = ['NO_FURTHER_ACTION', 'WARNING', 'TIME_PENALTY', 'POSITION_PENALTY', 'POINTS_DEDUCTION', 'DSQ', 'LICENCE_POINTS', 'RACE_BAN'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

/** What the kinds are called on screens. */
export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  NO_FURTHER_ACTION: 'No further action',
  WARNING: 'Warning',
  TIME_PENALTY: 'Time penalty',
  POSITION_PENALTY: 'Position penalty',
  POINTS_DEDUCTION: 'Points deduction',
  DSQ: 'Disqualified',
  LICENCE_POINTS: 'Licence points',
  RACE_BAN: 'Race ban',
};

/**
 * One outcome for one driver. `amount` is what the kind needs: seconds (TIME_PENALTY), places
 * (POSITION_PENALTY), championship points (POINTS_DEDUCTION), licence points (LICENCE_POINTS), events
 * (RACE_BAN); absent or null for NO_FURTHER_ACTION, WARNING and DSQ.
 */
export interface TicketOutcome {
  kind: OutcomeKind;
  profileId: number;
  amount?: number | null;
}

/** The outcome as shown, with the driver's name. */
export interface TicketOutcomeDto extends TicketOutcome {
  driverName: string;
  /** "Time penalty: 5 s", "Race ban: next 1 event". */
  label: string;
}

export interface EvidenceLink {
  /** http(s) URL (a video, a replay clip …). */
  url: string;
  /** Where to look in it: "12:34" or "1:02:03" (optional). */
  time?: string | null;
}

/* ---- Requests ---- */

/** `POST /api/tickets`. */
export interface TicketRequest {
  raceId: number;
  /** The other drivers involved (driver profile ids; not the filer). At least one. */
  accusedProfileIds: number[];
  lap?: number | null;
  /** In-race time, e.g. "23:41.2" (optional). */
  raceTime?: string | null;
  /** Time in the video, e.g. "1:02:03" (optional). */
  videoTimestamp?: string | null;
  corner?: string | null;
  /** What happened (10 to 4000 characters). */
  description: string;
  evidence?: EvidenceLink[];
}

/** `POST /api/tickets/{id}/statements`: the accused (or the filer) adds their side, within the window. */
export interface StatementRequest {
  text: string;
  evidence?: EvidenceLink[];
}

/** `POST /api/tickets/{id}/messages`: the stewards' internal thread. */
export interface ThreadMessageRequest {
  text: string;
}

/** `POST /api/tickets/{id}/votes`: a steward's proposed outcomes (a second vote replaces their first). */
export interface VoteRequest {
  outcomes: TicketOutcome[];
  reason: string;
}

/** `POST /api/tickets/{id}/decision`: the outcomes and the written reason the drivers see. */
export interface DecisionRequest {
  outcomes: TicketOutcome[];
  reason: string;
}

/** `POST /api/tickets/{id}/appeal`. */
export interface AppealRequest {
  reason: string;
  evidence?: EvidenceLink[];
}

/** `GET /api/tickets`: the steward queue's filters (absent: any). */
export interface TicketFilter {
  state?: TicketState;
  season?: number;
  race?: number;
}

/** `PUT /api/seasons/{season}/stewarding`. */
export interface StewardingSettingsRequest {
  /** Filing opens this many minutes after the race (default 60). */
  coolDownMinutes: number;
  /** Filing closes this many minutes after the race (default 2880 = 48 h). */
  protestDeadlineMinutes: number;
  /** A decision is due this many minutes after filing closes (default 4320 = 72 h). */
  decisionDueMinutes: number;
  /** Stewards on a panel (default 3) and the votes a decision needs (default 2). */
  panelSize: number;
  majority: number;
  /** Appeals are open this many minutes after a decision (default 1440 = 24 h). */
  appealWindowMinutes: number;
  /** Active licence points at which a driver is banned (default 12), for this many events (default 1). */
  licenceBanThreshold: number;
  licenceBanEvents: number;
  /** Licence points expire after this many league events (default 10). */
  licenceExpiryEvents: number;
  /**
   * The panel is anonymous to the drivers of a ticket until it is decided: they see neither who handles
   * it nor how many voted (default true; omitted in a request: true).
   */
  panelHiddenUntilDecision?: boolean;
}

/* ---- Reads ---- */

export interface StewardingSettingsDto extends StewardingSettingsRequest {
  seasonId: number;
  panelHiddenUntilDecision: boolean;
}

export interface TicketPartyDto {
  profileId: number;
  userId: number;
  driverName: string;
  driverNumber: number | null;
  team: { id: number; name: string } | null;
  role: 'FILER' | 'ACCUSED';
}

export interface PersonRef {
  userId: number;
  name: string;
}

export interface TicketRaceRef {
  season: { id: number; name: string };
  competition: { id: number; name: string };
  event: { id: number; name: string; date: string };
  race: { id: number; raceEventType: string; trackName: string | null };
}

/** A row of the steward queue and of "my tickets". */
export interface TicketListItemDto extends TicketRaceRef {
  id: number;
  state: TicketState;
  filer: TicketPartyDto;
  accused: TicketPartyDto[];
  lap: number | null;
  corner: string | null;
  filedAt: string;
  /** When a decision is due (null once decided). */
  decisionDueAt: string | null;
  /**
   * Stewards who voted, posted in the thread or decided (the queue's "handled by"). Null for the drivers
   * of the ticket until it is decided when the season keeps the panel anonymous.
   */
  handledBy: PersonRef[] | null;
  /** Votes cast in the current round (the first hearing, or the appeal); null when hidden as `handledBy` is. */
  votesCast: number | null;
  /** The outcomes that stand (null until decided). */
  outcomes: TicketOutcomeDto[] | null;
}

export interface StatementDto {
  id: number;
  author: TicketPartyDto;
  text: string;
  evidence: EvidenceLink[];
  createdAt: string;
}

export interface ThreadMessageDto {
  id: number;
  author: PersonRef;
  text: string;
  createdAt: string;
}

export interface VoteDto {
  steward: PersonRef;
  outcomes: TicketOutcomeDto[];
  reason: string;
  /** 1: the first hearing; 2: the appeal. */
  round: number;
  createdAt: string;
}

export interface DecisionDto {
  /** 1: the first hearing; 2: the appeal's outcome. */
  round: number;
  outcomes: TicketOutcomeDto[];
  reason: string;
  decidedBy: PersonRef[];
  decidedAt: string;
  /** Whether it confirmed the decision it was an appeal of (round 2 only). */
  confirmed: boolean | null;
}

export interface AppealDto {
  by: TicketPartyDto;
  reason: string;
  evidence: EvidenceLink[];
  createdAt: string;
}

export const AUDIT_ACTIONS = ['FILED', 'STATEMENT', 'MESSAGE', 'VOTE', 'DECISION', 'APPEAL', 'APPEAL_DECISION', 'RESULTS_REVISION', 'LICENCE_BAN'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntryDto {
  at: string;
  /** Null for what the system did itself (a results revision, a ban from the licence threshold). */
  actor: PersonRef | null;
  action: AuditAction;
  detail: string;
}

/** What only stewards see of a ticket. */
export interface TicketInternalDto {
  thread: ThreadMessageDto[];
  /** The current round's votes: null until the caller has voted in it (then everyone's). */
  votes: VoteDto[] | null;
  votesCast: number;
  myVote: VoteDto | null;
  /** Why the caller may not vote or decide (they or their team raced; they decided before an appeal), or null. */
  recusedReason: string | null;
  /** Whether the caller may decide now (HEAD_STEWARD, or the majority of votes agree on outcomes). */
  canDecide: boolean;
  settings: StewardingSettingsDto;
  audit: AuditEntryDto[];
}

/** `GET /api/tickets/{id}` and the answer of every ticket command. */
export interface TicketDto extends TicketListItemDto {
  raceTime: string | null;
  videoTimestamp: string | null;
  description: string;
  evidence: EvidenceLink[];
  statements: StatementDto[];
  /** Filing and statements are open in [windowOpensAt, windowClosesAt). */
  windowOpensAt: string;
  windowClosesAt: string;
  /** The decision that stands (the appeal's once decided), the first one while appealed. */
  decision: DecisionDto | null;
  /** The first hearing's decision when an appeal replaced or confirmed it. */
  originalDecision: DecisionDto | null;
  appeal: AppealDto | null;
  /** Until when a party may appeal (null: not decided, or already appealed). */
  appealableUntil: string | null;
  /** Whether the caller may add a statement / appeal now. */
  canAddStatement: boolean;
  canAppeal: boolean;
  /** Stewards only (null for the parties). */
  internal: TicketInternalDto | null;
}

/** `GET /api/safety-car`: a decision of a current season, public. */
export interface SafetyCarDecisionDto extends TicketRaceRef {
  ticketId: number;
  drivers: { profileId: number; driverName: string; driverNumber: number | null }[];
  outcomes: TicketOutcomeDto[];
  reason: string;
  decidedAt: string;
  /** Under appeal now, or the appeal's outcome. */
  appealed: boolean;
  final: boolean;
}

export interface LicenceEntryDto {
  ticketId: number;
  points: number;
  event: { id: number; name: string; date: string };
  createdAt: string;
  /** Events left before these points expire (0: expired). */
  eventsLeft: number;
  expired: boolean;
}

export interface RaceBanDto {
  id: number;
  ticketId: number;
  /** "Race ban from ticket #12" or "12 licence points reached". */
  reason: string;
  events: { id: number; name: string; date: string }[];
}

/** `GET /api/profile/{id}/licence`. */
export interface LicenceDto {
  profileId: number;
  activePoints: number;
  /** The ban threshold of the driver's latest season (default 12). */
  banThreshold: number;
  entries: LicenceEntryDto[];
  /** Bans that cover events not yet raced. */
  bans: RaceBanDto[];
}

/**
 * `GET /api/safety-car/races/{race}`: a race's results are provisional until its protest window has
 * closed and every ticket about it is decided with its appeal window closed (or its appeal decided).
 */
export interface RaceStewardingDto {
  raceId: number;
  provisional: boolean;
  /** When the results become final if nothing else is filed or appealed (null while a ticket is undecided or under appeal). */
  finalAt: string | null;
  /** Tickets about the race not decided yet (open, under review or under appeal). */
  openTickets: number;
  /** Tickets about the race may be filed in [filingOpensAt, filingClosesAt); null for a race outside a season (no tickets). */
  filingOpensAt: string | null;
  filingClosesAt: string | null;
}

export const DEFAULT_STEWARDING_SETTINGS: Required<StewardingSettingsRequest> = {
  coolDownMinutes: 60,
  protestDeadlineMinutes: 2880,
  decisionDueMinutes: 4320,
  panelSize: 3,
  majority: 2,
  appealWindowMinutes: 1440,
  licenceBanThreshold: 12,
  licenceBanEvents: 1,
  licenceExpiryEvents: 10,
  panelHiddenUntilDecision: true,
};

/** "Time penalty: 5 s" — the one place outcomes are worded. */
export function outcomeLabel(outcome: TicketOutcome): string {
  const base = OUTCOME_LABELS[outcome.kind];
  const amount = outcome.amount ?? 0;
  switch (outcome.kind) {
    case 'TIME_PENALTY':
      return `${base}: ${amount} s`;
    case 'POSITION_PENALTY':
      return `${base}: ${amount} place${amount === 1 ? '' : 's'}`;
    case 'POINTS_DEDUCTION':
      return `${base}: ${amount} point${amount === 1 ? '' : 's'}`;
    case 'LICENCE_POINTS':
      return `${base}: ${amount}`;
    case 'RACE_BAN':
      return `${base}: next ${amount} event${amount === 1 ? '' : 's'}`;
    default:
      return base;
  }
}

/** Kinds that need an amount of at least 1. */
export function outcomeNeedsAmount(kind: OutcomeKind): boolean {
  return kind === 'TIME_PENALTY' || kind === 'POSITION_PENALTY' || kind === 'POINTS_DEDUCTION' || kind === 'LICENCE_POINTS' || kind === 'RACE_BAN';
}

export const stewardingRoutes = {
  /** Files a ticket about an incident of a race the caller drove in, inside the season's filing window (409 outside it, saying the window). */
  'POST /tickets': created<TicketDto, TicketRequest>('signedIn'),
  /** The steward queue: tickets by state, season and race, newest first. */
  'GET /tickets': route<Page<TicketListItemDto>, undefined, PageParams & TicketFilter>('isSteward'),
  /** The caller's tickets (filed by or against them) and their state, for the profile. */
  'GET /tickets/mine': route<Page<TicketListItemDto>, undefined, PageParams>('signedIn'),
  /** The ticket: stewards see the internal thread, votes (once they voted) and the audit; its drivers the public parts. */
  'GET /tickets/:id': route<TicketDto>('signedIn'),
  /** A driver of the ticket adds their statement and evidence, inside the filing window. */
  'POST /tickets/:id/statements': route<TicketDto, StatementRequest>('signedIn'),
  /** A message in the stewards' internal thread. */
  'POST /tickets/:id/messages': route<TicketDto, ThreadMessageRequest>('isSteward'),
  /** The caller's vote in the current round (again: replaces it); 403 for a steward involved in the race. */
  'POST /tickets/:id/votes': route<TicketDto, VoteRequest>('isSteward'),
  /** Decides the current round (the majority of votes agreeing, or the head steward); deciding again replaces the earlier outcomes and their effect. */
  'POST /tickets/:id/decision': route<TicketDto, DecisionRequest>('isSteward'),
  /** A driver of the ticket appeals its decision, inside the appeal window; stewards who did not decide hear it. */
  'POST /tickets/:id/appeal': route<TicketDto, AppealRequest>('signedIn'),
  'GET /seasons/:season/stewarding': route<StewardingSettingsDto>('isSteward'),
  'PUT /seasons/:season/stewarding': route<StewardingSettingsDto, StewardingSettingsRequest>('isOrganizer'),
  /** The decisions of current seasons (race, drivers, outcome, reason), newest first. */
  'GET /safety-car': route<Page<SafetyCarDecisionDto>, undefined, PageParams>('public'),
  /** Whether the race's results are provisional (protests or appeals still possible) or final. */
  'GET /safety-car/races/:id': route<RaceStewardingDto>('public'),
  /** The driver's licence points (active and expired) and the bans of events to come. */
  'GET /profile/:id/licence': route<LicenceDto>('signedIn'),
} as const;
