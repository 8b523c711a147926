/**
 * The organizer's season form — name, rules and the points system — as values the inputs hold, the
 * checks with their messages, and the `SeasonRequest` the API takes. Points tables are typed as text
 * ("25-18-15" or "25, 18, 15"); optional numbers left empty mean "none" (null).
 */
import type { FieldPath } from 'react-hook-form';
import { POINTS_PRESETS } from '@paddock/contracts/competitions.js';
import type { PointsPreset, PointsSystem, SeasonDto, SeasonRequest } from '../types.js';

export const TABLE_MAX_POSITIONS = 100;
export const POINTS_MAX = 1000;
export const BONUS_MAX = 100;
export const ROUNDS_MAX = 100;
export const TEAM_BEST_MAX = 50;
export const SEASON_NAME_MAX = 100;
export const RULES_MAX = 20_000;

export interface PointsSystemValues {
  preset: PointsPreset;
  /** The race table as typed. */
  race: string;
  sprintEnabled: boolean;
  sprint: string;
  qualifyingEnabled: boolean;
  qualifying: string;
  pole: string;
  fastestLap: string;
  /** '' : a bonus for anyone classified. */
  bonusInsideTop: string;
  minimumDistancePercent: string;
  /** The share of a shared car's driving time a driver needs to score, in percent; '0': no minimum. */
  minDrivingSharePercent: string;
  dropRounds: boolean;
  countBestRounds: string;
  neverDropLastRounds: string;
  noShowPenalty: string;
  dnfScores: boolean;
  /** '' : every driver scores for the team. */
  teamBestDrivers: string;
}

export interface SeasonFormValues {
  id: number | null;
  name: string;
  rules: string;
  points: PointsSystemValues;
}

export const tableToText = (table: readonly number[] | undefined) => (table ?? []).join('-');

/** The presets that fill the race table; CUSTOM keeps what is typed. */
export const PRESET_TABLES: Record<Exclude<PointsPreset, 'CUSTOM'>, readonly number[]> = POINTS_PRESETS;

/** Reads a typed points table: numbers separated by dashes, commas or spaces. */
export function parsePointsTable(text: string): { ok: true; table: number[] } | { ok: false; message: string } {
  const parts = text
    .trim()
    .split(/[\s,;-]+/)
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'Enter the points for P1, P2, … e.g. 25-18-15' };
  if (parts.length > TABLE_MAX_POSITIONS) return { ok: false, message: `A points table has at most ${TABLE_MAX_POSITIONS} positions` };
  const table: number[] = [];
  for (const [index, part] of parts.entries()) {
    if (!/^\d+(\.\d{1,2})?$/.test(part) || Number(part) > POINTS_MAX)
      return { ok: false, message: `P${index + 1}: "${part}" is not a number of points from 0 to ${POINTS_MAX}` };
    table.push(Number(part));
  }
  const rises = table.findIndex((points, index) => index > 0 && points > table[index - 1]!);
  if (rises > 0) return { ok: false, message: `P${rises + 1} scores more than P${rises}: points must not rise down the order` };
  return { ok: true, table };
}

/** The preset a typed race table is, or CUSTOM. */
export function presetOf(text: string): PointsPreset {
  const parsed = parsePointsTable(text);
  if (!parsed.ok) return 'CUSTOM';
  const found = (Object.entries(PRESET_TABLES) as [Exclude<PointsPreset, 'CUSTOM'>, readonly number[]][]).find(
    ([, table]) => table.length === parsed.table.length && table.every((points, index) => points === parsed.table[index]),
  );
  return found ? found[0] : 'CUSTOM';
}

const isWhole = (text: string) => /^\d+$/.test(text.trim());
const isPoints = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim());

function wholeCheck(message: string, min: number, max: number, optional = false) {
  return (text: string): true | string => {
    if (optional && !text.trim()) return true;
    return isWhole(text) && Number(text) >= min && Number(text) <= max ? true : message;
  };
}

function pointsCheck(message: string, max: number) {
  return (text: string): true | string => (isPoints(text) && Number(text) <= max ? true : message);
}

const tableCheck = (text: string): true | string => {
  const parsed = parsePointsTable(text);
  return parsed.ok ? true : parsed.message;
};

/** Each field's check: true when fine, else what to do, in words. */
export const SEASON_CHECKS = {
  name: (text: string): true | string => (text.trim().length > SEASON_NAME_MAX ? `At most ${SEASON_NAME_MAX} characters` : true),
  rules: (text: string): true | string => (text.length > RULES_MAX ? `At most ${RULES_MAX} characters` : true),
  race: tableCheck,
  /** Sprint and qualifying tables are checked only while switched on. */
  sprint: (text: string, values: SeasonFormValues): true | string => (values.points.sprintEnabled ? tableCheck(text) : true),
  qualifying: (text: string, values: SeasonFormValues): true | string => (values.points.qualifyingEnabled ? tableCheck(text) : true),
  pole: pointsCheck(`Pole bonus: points from 0 to ${BONUS_MAX} (0 for none)`, BONUS_MAX),
  fastestLap: pointsCheck(`Fastest-lap bonus: points from 0 to ${BONUS_MAX} (0 for none)`, BONUS_MAX),
  bonusInsideTop: wholeCheck(`A position from 1 to ${TABLE_MAX_POSITIONS}, or empty for anyone classified`, 1, TABLE_MAX_POSITIONS, true),
  minimumDistancePercent: wholeCheck('A whole percent from 0 to 100 (0: no minimum)', 0, 100),
  minDrivingSharePercent: wholeCheck('A whole percent from 0 to 100 (0: no minimum)', 0, 100),
  /** Drop-round fields are checked only while drops are switched on. */
  countBestRounds: (text: string, values: SeasonFormValues): true | string =>
    values.points.dropRounds ? wholeCheck(`How many rounds count: a whole number from 1 to ${ROUNDS_MAX}`, 1, ROUNDS_MAX)(text) : true,
  neverDropLastRounds: (text: string, values: SeasonFormValues): true | string => {
    if (!values.points.dropRounds) return true;
    const whole = wholeCheck(`A whole number of rounds from 0 to ${ROUNDS_MAX}`, 0, ROUNDS_MAX)(text);
    if (whole !== true) return whole;
    const counted = values.points.countBestRounds;
    return isWhole(counted) && Number(text) > Number(counted) ? `At most the ${counted} rounds that count` : true;
  },
  noShowPenalty: pointsCheck(`Points from 0 to ${POINTS_MAX} (0: no penalty)`, POINTS_MAX),
  teamBestDrivers: wholeCheck(`A number of drivers from 1 to ${TEAM_BEST_MAX}, or empty for every driver`, 1, TEAM_BEST_MAX, true),
};

export function pointsSystemValues(system: PointsSystem): PointsSystemValues {
  return {
    preset: system.preset,
    race: tableToText(system.tables.RACE),
    sprintEnabled: Boolean(system.tables.SPRINT?.length),
    sprint: tableToText(system.tables.SPRINT ?? PRESET_TABLES.SPRINT),
    qualifyingEnabled: Boolean(system.tables.QUALIFYING?.length),
    qualifying: tableToText(system.tables.QUALIFYING ?? [3, 2, 1]),
    pole: String(system.bonuses.pole),
    fastestLap: String(system.bonuses.fastestLap),
    bonusInsideTop: system.bonuses.onlyInsideTop === null ? '' : String(system.bonuses.onlyInsideTop),
    minimumDistancePercent: String(system.minimumDistancePercent),
    minDrivingSharePercent: String(system.minDrivingSharePercent ?? 0),
    dropRounds: system.countBestRounds !== null,
    countBestRounds: system.countBestRounds === null ? '' : String(system.countBestRounds),
    neverDropLastRounds: String(system.neverDropLastRounds),
    noShowPenalty: String(system.noShowPenalty),
    dnfScores: system.dnfScores,
    teamBestDrivers: system.teamBestDrivers === null ? '' : String(system.teamBestDrivers),
  };
}

/** A new season scores like F1, with a point for the fastest lap inside the top 10 and 75 % distance to score. */
export const DEFAULT_POINTS_SYSTEM: PointsSystem = {
  preset: 'F1',
  tables: { RACE: [...POINTS_PRESETS.F1] },
  bonuses: { pole: 0, fastestLap: 1, onlyInsideTop: 10 },
  minimumDistancePercent: 75,
  countBestRounds: null,
  neverDropLastRounds: 0,
  noShowPenalty: 0,
  dnfScores: false,
  teamBestDrivers: null,
};

export function emptySeasonForm(): SeasonFormValues {
  return { id: null, name: '', rules: '', points: pointsSystemValues(DEFAULT_POINTS_SYSTEM) };
}

export function seasonFormFrom(season: SeasonDto): SeasonFormValues {
  return { id: season.id, name: season.name, rules: season.rules ?? '', points: pointsSystemValues(season.pointsSystem) };
}

const table = (text: string) => {
  const parsed = parsePointsTable(text);
  return parsed.ok ? parsed.table : [];
};
const optionalWhole = (text: string) => (text.trim() ? Number(text) : null);

/** The points system the values describe (after the checks passed). */
export function pointsSystemFrom(values: PointsSystemValues): PointsSystem {
  return {
    preset: presetOf(values.race) === values.preset ? values.preset : 'CUSTOM',
    tables: {
      RACE: table(values.race),
      ...(values.sprintEnabled ? { SPRINT: table(values.sprint) } : {}),
      ...(values.qualifyingEnabled ? { QUALIFYING: table(values.qualifying) } : {}),
    },
    bonuses: { pole: Number(values.pole), fastestLap: Number(values.fastestLap), onlyInsideTop: optionalWhole(values.bonusInsideTop) },
    minimumDistancePercent: Number(values.minimumDistancePercent),
    minDrivingSharePercent: Number(values.minDrivingSharePercent),
    countBestRounds: values.dropRounds ? Number(values.countBestRounds) : null,
    neverDropLastRounds: values.dropRounds ? Number(values.neverDropLastRounds) : 0,
    noShowPenalty: Number(values.noShowPenalty),
    dnfScores: values.dnfScores,
    teamBestDrivers: optionalWhole(values.teamBestDrivers),
  };
}

export function seasonRequestFrom(values: SeasonFormValues): SeasonRequest {
  return {
    ...(values.id === null ? {} : { id: values.id }),
    name: values.name.trim(),
    rules: values.rules.trim() || null,
    pointsSystem: pointsSystemFrom(values.points),
  };
}

/** Where a field of the API's 400 goes in the form (`pointsSystem.bonuses.pole` → `points.pole`); null: not shown by name. */
export function seasonFieldOf(path: string): FieldPath<SeasonFormValues> | null {
  const direct: Record<string, FieldPath<SeasonFormValues>> = {
    name: 'name',
    rules: 'rules',
    'pointsSystem.tables.RACE': 'points.race',
    'pointsSystem.tables.SPRINT': 'points.sprint',
    'pointsSystem.tables.QUALIFYING': 'points.qualifying',
    'pointsSystem.bonuses.pole': 'points.pole',
    'pointsSystem.bonuses.fastestLap': 'points.fastestLap',
    'pointsSystem.bonuses.onlyInsideTop': 'points.bonusInsideTop',
    'pointsSystem.minimumDistancePercent': 'points.minimumDistancePercent',
    'pointsSystem.minDrivingSharePercent': 'points.minDrivingSharePercent',
    'pointsSystem.countBestRounds': 'points.countBestRounds',
    'pointsSystem.neverDropLastRounds': 'points.neverDropLastRounds',
    'pointsSystem.noShowPenalty': 'points.noShowPenalty',
    'pointsSystem.teamBestDrivers': 'points.teamBestDrivers',
  };
  const key = Object.keys(direct).find((candidate) => path === candidate || path.startsWith(`${candidate}.`));
  return key ? direct[key]! : null;
}
