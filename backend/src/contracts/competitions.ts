/**
 * Competitions, seasons, results and standings (SPEC §3 Competition, §7 Competitions, §9 styles),
 * shared with the web client. Types and pure rules only; the standings function lives in the API
 * (`modules/competitions/standings`).
 */
import type { Page, PageParams, SortRequest } from './api.js';
import type { Platform } from './catalogue.js';
import type { CompetitionStyle, RaceEventType } from './events.js';
import { route, type FilePart, type FormBody } from './http.js';
import type { SeasonResultsDto, StatsSummaryDto } from './profiles.js';

/** SPEC §9: SOLO (Individual), TEAM (Teams), LVL (League VS League); events and competitions share them. */
export { COMPETITION_STYLES, type CompetitionStyle } from './events.js';

export const RESULT_STATUSES = ['FINISHED', 'DNF', 'DNS', 'DSQ'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The kind of race a points table applies to (a race's `raceEventType`, grouped). */
export const SCORED_SESSIONS = ['RACE', 'SPRINT', 'QUALIFYING'] as const;
export type ScoredSession = (typeof SCORED_SESSIONS)[number];

/** Points by finishing position: index 0 is P1. Positions past the end score 0. */
export type PointsTable = number[];

export const POINTS_PRESETS = {
  /** F1: 25-18-15-12-10-8-6-4-2-1. */
  F1: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
  /** Points for a full grid, so every finisher scores: 30 for P1 down to 1 for P30. */
  SPREAD: Array.from({ length: 30 }, (_, index) => 30 - index),
  /** F1 sprint: 8-7-6-5-4-3-2-1. */
  SPRINT: [8, 7, 6, 5, 4, 3, 2, 1],
} as const satisfies Record<string, PointsTable>;
/** The presets' names, and CUSTOM for tables an organizer wrote. */
export const POINTS_PRESET_NAMES = ['F1', 'SPREAD', 'SPRINT', 'CUSTOM'] as const satisfies readonly (keyof typeof POINTS_PRESETS | 'CUSTOM')[];
export type PointsPreset = (typeof POINTS_PRESET_NAMES)[number];

/** A season's points system: every rule the standings function applies. */
export interface PointsSystem {
  /** Which preset the tables came from (for the organizer's form); the tables are what counts. */
  preset: PointsPreset;
  /** Points by position for each kind of race; a missing kind scores nothing. */
  tables: Partial<Record<ScoredSession, PointsTable>>;
  /** Bonus points for pole (qualifying P1 or the result's `pole` flag) and for the fastest lap. */
  bonuses: {
    pole: number;
    fastestLap: number;
    /** Only a driver who finishes inside the top N gets a bonus (null: anyone classified). */
    onlyInsideTop: number | null;
  };
  /** A finisher must have covered at least this percent of the winner's laps to score (0: no minimum). */
  minimumDistancePercent: number;
  /** Count only the best N rounds (null: all rounds count). */
  countBestRounds: number | null;
  /** The last K rounds can never be dropped. */
  neverDropLastRounds: number;
  /** Points taken from a driver who signed up for a round and did not start without signing out (0: none). */
  noShowPenalty: number;
  /** DNF: scores its position's points when it covered the minimum distance (`true`) or scores nothing. */
  dnfScores: boolean;
  /** Team standings: count the best M drivers of each team per race (null: every driver). */
  teamBestDrivers: number | null;
  /**
   * A driver of a shared car scores only with at least this percent of the car's driving time (0 or
   * absent: no minimum). Enforced only where the file gives every driver's driving time.
   */
  minDrivingSharePercent?: number;
}

/* ---- Reads ---- */

export interface CompetitionGroupDto {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
  banner: string | null;
  /** True while the group has a current competition (`GET /competitions/groups/live`). */
  live: boolean;
  /** Groups are listed by position (smallest first), then name. */
  position: number;
}

export interface CompetitionSummaryDto {
  id: number;
  name: string;
  description: string | null;
  style: CompetitionStyle;
  icon: string | null;
  banner: string | null;
  current: boolean;
  group: { id: number; name: string } | null;
  game: { id: number; name: string; icon: string | null } | null;
  platforms: Platform[];
  /** The season running now (or the latest one), if any. */
  currentSeason: { id: number; name: string } | null;
  /** Listed by `GET /competitions/leaderboards` (the Series leaderboard's selector). */
  leaderboardsEnabled: boolean;
}

export interface CompetitionDto extends CompetitionSummaryDto {
  seasons: SeasonSummaryDto[];
}

export interface SeasonSummaryDto {
  id: number;
  name: string;
  /** Rounds (events) in the season, and how many have results. */
  rounds: number;
  roundsWithResults: number;
}

export interface SeasonRaceDto {
  id: number;
  position: number;
  raceEventType: RaceEventType;
  laps: number | null;
  lengthMinutes: number | null;
  /** Whether the race has results (any revision). */
  hasResults: boolean;
}

export interface SeasonRaceEventDto {
  id: number;
  position: number;
  trackName: string | null;
  races: SeasonRaceDto[];
}

export interface SeasonEventDto {
  id: number;
  name: string;
  date: string;
  /** 1-based round number in the season, by date. */
  round: number;
  /** Only organizers see unpublished events (and only they get them in `GET /api/seasons/{season}`). */
  published: boolean;
  raceEvents: SeasonRaceEventDto[];
}

/** `GET /api/seasons/{season}/events/{event}`: one round with the latest results of each of its races. */
export interface SeasonEventDetailsDto extends SeasonEventDto {
  seasonId: number;
  competition: { id: number; name: string };
  /** One entry per race, in race order (`revision: null` and no lines when it has none yet). */
  results: RaceResultsDto[];
}

/** `GET /api/seasons/{season}`: the season with its competition, points system and events. */
export interface SeasonDto {
  id: number;
  name: string;
  rules: string | null;
  competition: CompetitionSummaryDto;
  pointsSystem: PointsSystem;
  events: SeasonEventDto[];
}

/** A co-driver of a line as shown: a league driver (by their profile) or a guest (by the file's name). */
export interface CoDriverDto {
  profileId: number | null;
  driverName: string;
  driverNumber: number | null;
  guest: boolean;
  laps: number | null;
  drivingTimeMs: number | null;
  /** Points this driver scored with the car (0 for a guest, or below the season's minimum driving share). */
  points: number;
}

/** One line of a race's classification, as saved (a revision's rows). */
export interface RaceResultDto {
  /** null: a guest (a driver outside the league), shown by the file's name in `driverName`. */
  profileId: number | null;
  driverName: string;
  driverNumber: number | null;
  guest: boolean;
  teamId: number | null;
  teamName: string | null;
  position: number;
  status: ResultStatus;
  laps: number;
  totalTimeMs: number | null;
  bestLapMs: number | null;
  pole: boolean;
  fastestLap: boolean;
  /** Points this line scored in the latest standings (bonuses included; 0 for a guest). */
  points: number;
  coDrivers: CoDriverDto[];
  /** Time added after the race, already inside `totalTimeMs` (null: none). */
  penaltyMs: number | null;
  /** Why the line's status, time or position is what it is. */
  reason: string | null;
  drivingTimeMs: number | null;
}

export interface RaceResultsDto {
  raceId: number;
  revision: number | null;
  results: RaceResultDto[];
  /** The race's qualifying classification (the grid: P1 is pole): null when none was saved; absent from one revision's read. */
  qualifying?: QualifyingDto | null;
}

export interface QualifyingDto {
  revision: number;
  /** By grid position; points are 0 (qualifying pays only the pole bonus, to the race line). */
  grid: RaceResultDto[];
}

/**
 * BASE: the organizer's classification (saved, imported, reverted to); DECISIONS: the latest base with
 * every standing steward decision of the race applied, written whenever either changes.
 */
export const REVISION_KINDS = ['BASE', 'DECISIONS'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** Which classification of a race a revision is: the race's own, or its qualifying (the grid and pole). */
export const RESULT_SESSIONS = ['RACE', 'QUALIFYING'] as const;
export type ResultSession = (typeof RESULT_SESSIONS)[number];

export interface ResultRevisionDto {
  revision: number;
  kind: RevisionKind;
  session: ResultSession;
  /** DECISIONS: the base revision the decisions were applied to (null for a base). */
  baseRevision: number | null;
  author: { userId: number; name: string };
  createdAt: string;
  /** "saved", "imported from acc.json", "reverted to revision 2", "steward panel: ticket #3 on revision 2". */
  note: string;
  lines: number;
}

export interface DriverStandingDto {
  position: number;
  profile: { id: number; driverName: string; driverNumber: number | null; country: string | null };
  team: { id: number; name: string; colour: string } | null;
  points: number;
  /** Points by round (null: did not take part; dropped rounds are flagged). */
  rounds: { eventId: number; points: number | null; dropped: boolean }[];
  wins: number;
  podiums: number;
  penaltyPoints: number;
}

export interface TeamStandingDto {
  position: number;
  team: { id: number; name: string; colour: string };
  points: number;
  rounds: { eventId: number; points: number | null }[];
}

/** `GET /api/seasons/{season}/standings` and the `season.standings.changed` push. */
export interface StandingsDto {
  seasonId: number;
  /** The revision of results they come from (rises with every save): clients ignore older pushes. */
  version: number;
  /** Rounds counted that are not published yet: only an organizer's preview has any. */
  unpublishedEventIds: number[];
  drivers: DriverStandingDto[];
  teams: TeamStandingDto[];
}

/* ---- Requests: the API's DTOs implement them ---- */

/** A driver of the car besides the line's own driver (endurance co-drivers): credited with the car's result. */
export interface CoDriverLine {
  /** null: a guest co-driver (not a league driver), shown by `name`, scoring nothing. */
  profileId: number | null;
  /** The file's name for the driver (required when profileId is null). */
  name?: string | null;
  /** Their own laps and driving time where the file says. */
  laps?: number | null;
  drivingTimeMs?: number | null;
}

export interface RaceResultLine {
  /** null: a guest line (a driver outside the league): shown by `guestName`, scores nothing, keeps its position. */
  profileId: number | null;
  guestName?: string | null;
  position: number;
  status: ResultStatus;
  laps: number;
  totalTimeMs?: number | null;
  bestLapMs?: number | null;
  pole?: boolean;
  fastestLap?: boolean;
  teamId?: number | null;
  /** Other drivers of the same car. */
  coDrivers?: CoDriverLine[];
  /** Time added after the race (post-race and unserved penalties from the file), already inside totalTimeMs. */
  penaltyMs?: number | null;
  /** Why the line's status, time or position is what it is, in words ("retired: stopped before the flag", "+30 s post-race penalty"). */
  reason?: string | null;
  /** The driver's own laps / driving time where the file says (for the season's minimum-driving-share rule). */
  drivingTimeMs?: number | null;
}

/** `PUT /api/seasons/{season}/events/{event}/results/{race}`. */
export interface RaceResultsRequest {
  results: RaceResultLine[];
  /** QUALIFYING: the race's qualifying classification (the grid); default RACE. */
  session?: ResultSession;
  /** Saves results for a race that has not started yet (else 409); also `?confirmFuture=true`. */
  confirmFuture?: boolean;
}

/** The `group` part of `PUT /api/competitions/groups` (multipart with optional `icon` and `banner`): with `id` it updates. */
export interface CompetitionGroupRequest {
  id?: number;
  name: string;
  description?: string | null;
  position?: number;
}

/** The `competition` part of `PUT /api/competitions` (multipart with optional `icon` and `banner`): with `id` it updates. */
export interface CompetitionRequest {
  id?: number;
  name: string;
  description?: string | null;
  style: CompetitionStyle;
  group?: { id: number } | null;
  game?: { id: number } | null;
  platforms: Platform[];
  current?: boolean;
  leaderboardsEnabled?: boolean;
}

export const COMPETITION_SORT_FIELDS = ['name', 'createdAt', 'current', 'style'] as const;
export type CompetitionSortField = (typeof COMPETITION_SORT_FIELDS)[number];

/** Body of the organizers' list `POST /api/competitions?pageNumber&pageSize`: filters and sort (default: name). */
export interface CompetitionSearchRequest {
  /** Part of the name, any case. */
  name?: string;
  groupId?: number;
  current?: boolean;
  style?: CompetitionStyle;
  sort?: SortRequest<CompetitionSortField>[];
}

/** `PUT /api/competitions/{id}/seasons`: with `id` it updates that season of the competition. */
export interface SeasonRequest {
  id?: number;
  name: string;
  rules?: string | null;
  pointsSystem: PointsSystem;
}

/** `?confirmFuture=true` on a results save or import: the organizer means a race that has not started yet. */
export interface ConfirmFutureParams {
  confirmFuture?: 'true' | 'false';
}

/** `PUT /api/seasons/{season}/events`: exactly the season's events (others leave it; an event with results cannot). */
export interface SeasonEventsRequest {
  eventIds: number[];
}

/** The result files the import reads (`GET /api/competitions/external/sources`). */
export const RESULT_SOURCES = ['ACC', 'AC', 'RF2'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

export interface ResultSourceDto {
  id: ResultSource;
  name: string;
  /** File name endings it accepts, e.g. `.json`. */
  extensions: string[];
}

/**
 * The optional `mapping` text field of `POST …/results/{race}/import` (JSON), kept for older clients:
 * the file's line index → the driver profile its first driver is. `decisions` says more.
 */
export type ResultImportMapping = Record<string, number>;

/**
 * What becomes of one driver of an imported file: the driver profile it is (remembered for later
 * imports by its game identity), `GUEST` (shown by the file's name, scores nothing, keeps its
 * position) or `SKIP` (left out; a car without drivers left is removed and the positions close up).
 */
export type ImportDecision = number | 'GUEST' | 'SKIP';

/**
 * The `decisions` text field of `POST …/results/{race}/import` (JSON): a driver's key in the preview
 * ("3" is line 3's first driver, "3.1" its first co-driver) → its decision. Drivers without one keep
 * the suggested profile.
 */
export type ResultImportDecisions = Record<string, ImportDecision>;

/** The text parts of `POST …/results/{race}/import/preview` beside its `file`. */
export type ResultPreviewParts = {
  /** true: import a file of another game or track than the race on purpose. */
  confirmMismatch?: boolean;
};

/** The parts of `POST …/results/{race}/import` beside its `file`, each sent as JSON text. */
export type ResultImportParts = ResultPreviewParts & {
  decisions?: ResultImportDecisions;
  mapping?: ResultImportMapping;
  /** Saves results for a race that has not started yet (else 409); also `?confirmFuture=true`. */
  confirmFuture?: boolean;
};

/** How the import found a file's driver among the profiles: an identity mapped in an earlier import, a platform id, or the name. */
export type ImportMatchedBy = 'REMEMBERED' | 'PLATFORM_ID' | 'NAME';

/** One driver of a previewed line and the profile the import suggests for them. */
export interface ImportPreviewDriverDto {
  /** The key of `decisions`: "<line>" for the car's first driver, "<line>.<n>" for its n-th co-driver. */
  key: string;
  name: string;
  /** The Steam id, ACC playerId or console id the file gives; null when it has none (rFactor 2). */
  platformId: string | null;
  raceNumber: number | null;
  teamName: string | null;
  /** The driver's own laps and driving time, where the file says (co-driven cars). */
  laps: number | null;
  drivingTimeMs: number | null;
  /** The suggested profile; null: unmatched — map it to a driver, keep it as a guest, or skip it. */
  match: { profileId: number; driverName: string; by: ImportMatchedBy } | null;
}

/** A line of the file as the import reads it. */
export interface ImportPreviewLineDto {
  /** The line's index in the file's classification (0-based). */
  line: number;
  position: number;
  status: ResultStatus;
  /** Why its status, time or position is what it is ("retired: stopped before the flag"); null when nothing needs saying. */
  reason: string | null;
  laps: number;
  totalTimeMs: number | null;
  bestLapMs: number | null;
  /** Time added after the race (already inside totalTimeMs), 0 when none. */
  penaltyMs: number;
  fastestLap: boolean;
  carModel: string | null;
  /** Every driver of the car, the entered one first. */
  drivers: ImportPreviewDriverDto[];
}

/**
 * `POST …/results/{race}/import/preview` (multipart `file`, optional `confirmMismatch`): every line of
 * the file and who each driver would be. Nothing is written.
 */
export interface ResultImportPreviewDto {
  fileName: string;
  /** ACC, AC, RF2 or LMU. */
  format: string;
  /** A qualifying file is saved as the race's qualifying (the grid and pole). */
  session: 'RACE' | 'QUALIFYING';
  gameName: string;
  trackName: string | null;
  /** The race already has exactly this file as its results: saving it again changes nothing. */
  unchanged: boolean;
  lines: ImportPreviewLineDto[];
  /** A file's preview when the race has a live draft from the flag: the drivers whose position, laps or status differ between the two. */
  liveDraftDifferences?: LiveDraftDifferenceDto[];
}

/** Where one car stands in the file or in the live draft. */
export interface LiveDraftPlaceDto {
  position: number;
  laps: number;
  status: ResultStatus;
}

/** A driver placed differently by the imported file and the live draft; null: the car is not in that one. */
export interface LiveDraftDifferenceDto {
  name: string;
  platformId: string | null;
  file: LiveDraftPlaceDto | null;
  draft: LiveDraftPlaceDto | null;
}

/**
 * `GET …/results/{race}/live-draft`: the race's results as live timing classified them at the flag, read
 * as an import preview (drivers matched as a file's are); 404 when the race has none.
 */
export interface LiveDraftDto {
  preview: ResultImportPreviewDto;
  storedAt: string;
  /** When the organizer made it a results revision; null while it waits. */
  confirmedAt: string | null;
}

/** `POST …/results/{race}/live-draft/confirm`: the draft becomes the race's next revision, as an imported file would. */
export interface LiveDraftConfirmRequest {
  /** The same decisions as a file import's: a driver of the draft → a profile id, "GUEST" or "SKIP". */
  decisions?: ResultImportDecisions;
  confirmMismatch?: boolean;
  confirmFuture?: boolean;
}

/** A driver of an imported file no profile was found for, when the save had no decision for them. */
export interface UnmatchedImportLineDto {
  /** The line's index in the file's classification (0-based): the key of `mapping`. */
  line: number;
  /** The driver's key in `decisions` ("3", or "3.1" for a co-driver). */
  key: string;
  position: number;
  name: string;
  /** The Steam id (or gamertag) the file gives, if any. */
  platformId: string | null;
  raceNumber: number | null;
  teamName: string | null;
}

/**
 * `POST …/results/{race}/import`: saved as a new revision (`results`); or nothing saved
 * (`results: null`) and the drivers that still need a decision; or `unchanged`: the race already has
 * exactly this file as its results, and no revision was made.
 */
export interface ResultImportDto {
  results: RaceResultsDto | null;
  unmatched: UnmatchedImportLineDto[];
  unchanged: boolean;
}

/** A competition's or group's pictures beside its JSON part, stored as webp. */
type PictureParts = {
  icon?: FilePart;
  banner?: FilePart;
};

export const competitionRoutes = {
  /** Every competition group, by position then name; `live` when it has a current competition. */
  'GET /competitions/groups': route<CompetitionGroupDto[]>('public'),
  /** The groups with a current competition (the Series page). */
  'GET /competitions/groups/live': route<CompetitionGroupDto[]>('public'),
  'GET /competitions/groups/:id': route<CompetitionGroupDto>('public'),
  /** `group` with `id` updates; 409 for a taken name. */
  'PUT /competitions/groups': route<CompetitionGroupDto, FormBody<{ group: CompetitionGroupRequest } & PictureParts>>('isAdmin'),
  /** Current competitions (the Series page), by group then name. */
  'GET /competitions/current': route<Page<CompetitionSummaryDto>, undefined, PageParams>('public'),
  'GET /competitions/current/group/:id': route<Page<CompetitionSummaryDto>, undefined, PageParams>('public'),
  /** Competitions on the Series leaderboard (enabled, with a season), each with its seasons. */
  'GET /competitions/leaderboards': route<CompetitionDto[]>('public'),
  /** The result files the import reads. */
  'GET /competitions/external/sources': route<ResultSourceDto[]>('public'),
  /** Organizers' list of every competition: filters and sort in the body. */
  'POST /competitions': route<Page<CompetitionSummaryDto>, CompetitionSearchRequest, PageParams>('isOrganizer'),
  /** `competition` with `id` updates. */
  'PUT /competitions': route<CompetitionDto, FormBody<{ competition: CompetitionRequest } & PictureParts>>('isOrganizer'),
  /** Creates (no `id`) or updates a season of the competition: name, rules, points system. */
  'PUT /competitions/:id/seasons': route<SeasonDto, SeasonRequest>('isOrganizer'),
  /** One competition with its seasons. */
  'GET /competitions/:id': route<CompetitionDto>('public'),

  /** The season with its competition, points system and rounds in date order (organizers: unpublished ones too). */
  'GET /seasons/:season': route<SeasonDto>('public'),
  /** Makes exactly these events the season's rounds (an event with results cannot leave it: 409). */
  'PUT /seasons/:season/events': route<SeasonDto, SeasonEventsRequest>('isOrganizer'),
  /** The driver and team standings from the published rounds; organizers get the unpublished ones too, marked. */
  'GET /seasons/:season/standings': route<StandingsDto>('public'),
  /** One round with the latest results of each of its races. */
  'GET /seasons/:season/events/:event': route<SeasonEventDetailsDto>('public'),
  /** The race's latest results. */
  'GET /seasons/:season/events/:event/results/:race': route<RaceResultsDto>('public'),
  /** Saves the race's whole classification (or its qualifying) as a new revision; a race still to come needs `confirmFuture`. */
  'PUT /seasons/:season/events/:event/results/:race': route<RaceResultsDto, RaceResultsRequest, ConfirmFutureParams>('isOrganizer'),
  /** The race's revisions, newest first. */
  'GET /seasons/:season/events/:event/results/:race/revisions': route<ResultRevisionDto[]>('isOrganizer'),
  'GET /seasons/:season/events/:event/results/:race/revisions/:revision': route<RaceResultsDto>('isOrganizer'),
  /** Makes a new revision with that revision's lines ("reverted to revision N"). */
  'POST /seasons/:season/events/:event/results/:race/revisions/:revision/revert': route<RaceResultsDto>('isOrganizer'),
  /** Every line of a server result file with the profile suggested for each driver; nothing is written. 409 for a file of another game or track (unless confirmed). */
  'POST /seasons/:season/events/:event/results/:race/import/preview': route<ResultImportPreviewDto, FormBody<{ file: Blob } & ResultPreviewParts>>('isOrganizer'),
  /** Saves a server result file as the race's next revision once every driver has a profile or a decision; else answers the drivers still to decide. */
  'POST /seasons/:season/events/:event/results/:race/import': route<ResultImportDto, FormBody<{ file: Blob } & ResultImportParts>, ConfirmFutureParams>('isOrganizer'),
  /** The race's results drafted by live timing at the flag, as an import preview; 404 when it has none. */
  'GET /seasons/:season/events/:event/results/:race/live-draft': route<LiveDraftDto>('isOrganizer'),
  /** Saves the live draft as the race's next revision exactly as an imported file (unmatched drivers answered the same way). */
  'POST /seasons/:season/events/:event/results/:race/live-draft/confirm': route<ResultImportDto, LiveDraftConfirmRequest>('isOrganizer'),

  /** The driver's rounds by season, newest season first: finishing position and points of each. */
  'GET /profile/:id/results': route<SeasonResultsDto[]>('public'),
  /** Starts, wins, podiums, poles, fastest laps, DNFs, average finish and points, from the latest results. */
  'GET /profile/:id/stats-summary': route<StatsSummaryDto>('public'),
} as const;
