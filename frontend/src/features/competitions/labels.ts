/** How the client names the competitions' constants and sums up a points system in words. */
import { RACE_TYPE_LABELS, raceDistance, type RaceEventType } from '../events/index.js';
import type { PointsPreset, PointsSystem, ResultStatus, ScoredSession, SeasonRaceDto, SeasonRaceEventDto } from './types.js';

export const RESULT_STATUS_LABELS: Record<ResultStatus, string> = { FINISHED: 'Finished', DNF: 'DNF', DNS: 'DNS', DSQ: 'DSQ' };
/** Spelled out for screen readers and tooltips. */
export const RESULT_STATUS_NAMES: Record<ResultStatus, string> = {
  FINISHED: 'Finished',
  DNF: 'Did not finish',
  DNS: 'Did not start',
  DSQ: 'Disqualified',
};
export const SCORED_SESSION_LABELS: Record<ScoredSession, string> = { RACE: 'Race', SPRINT: 'Sprint', QUALIFYING: 'Qualifying' };
export const POINTS_PRESET_LABELS: Record<PointsPreset, string> = {
  F1: 'F1 (25-18-15-12-10-8-6-4-2-1)',
  SPREAD: 'Spread (30 down to 1)',
  SPRINT: 'Sprint (8-7-6-5-4-3-2-1)',
  CUSTOM: 'Custom',
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "25-18-15-12-10-8-6-4-2-1", shortened past `max` positions ("30-29-28 … 1 (30 places)"). */
export function tableText(table: readonly number[], max = 12): string {
  if (table.length === 0) return 'no points';
  if (table.length <= max) return table.join('-');
  return `${table.slice(0, 3).join('-')} … ${table[table.length - 1]} (${table.length} places)`;
}

/** The rules of a points system as short sentences, in the order a driver asks about them. */
export function pointsSystemSummary(system: PointsSystem): { label: string; text: string }[] {
  const lines: { label: string; text: string }[] = [];
  for (const session of ['RACE', 'SPRINT', 'QUALIFYING'] as const) {
    const table = system.tables[session];
    if (table && table.length > 0) lines.push({ label: SCORED_SESSION_LABELS[session], text: tableText(table) });
  }
  const { pole, fastestLap, onlyInsideTop } = system.bonuses;
  const bonuses = [pole ? `pole +${pole}` : '', fastestLap ? `fastest lap +${fastestLap}` : ''].filter(Boolean).join(', ');
  if (bonuses) lines.push({ label: 'Bonuses', text: onlyInsideTop ? `${bonuses} (only inside the top ${onlyInsideTop})` : bonuses });
  if (system.minimumDistancePercent > 0) lines.push({ label: 'Minimum distance', text: `${system.minimumDistancePercent}% of the winner's laps to score` });
  if (system.countBestRounds !== null) {
    const kept = system.neverDropLastRounds > 0 ? `; the last ${plural(system.neverDropLastRounds, 'round')} always count` : '';
    lines.push({ label: 'Drop rounds', text: `best ${plural(system.countBestRounds, 'round')} count${kept}` });
  }
  if (system.noShowPenalty > 0) lines.push({ label: 'No-show', text: `−${plural(system.noShowPenalty, 'point')} for signing up and not starting` });
  lines.push({ label: 'DNF', text: system.dnfScores ? 'scores its place when it covered the minimum distance' : 'scores nothing' });
  lines.push({
    label: 'Teams',
    text: system.teamBestDrivers === null ? 'every driver scores for the team' : `best ${plural(system.teamBestDrivers, 'driver')} of each team per race score`,
  });
  return lines;
}

const raceTypeLabel = (type: string) => (type in RACE_TYPE_LABELS ? RACE_TYPE_LABELS[type as RaceEventType] : type);

/** A race of a round by name: "Sprint", "Race 2" when its kind repeats, with the track when the round has several. */
export function raceLabel(raceEvent: SeasonRaceEventDto, race: SeasonRaceDto, tracksInRound: number): string {
  const sameKind = raceEvent.races.filter((other) => other.raceEventType === race.raceEventType);
  const kind = sameKind.length > 1 ? `${raceTypeLabel(race.raceEventType)} ${sameKind.indexOf(race) + 1}` : raceTypeLabel(race.raceEventType);
  return tracksInRound > 1 && raceEvent.trackName ? `${raceEvent.trackName} · ${kind}` : kind;
}

/** "12 laps", "30 min" or '' for a race of a season. */
export const seasonRaceDistance = (race: SeasonRaceDto) => raceDistance({ laps: race.laps, length: race.lengthMinutes });

/** A display name without its "[ 7 ] - " number prefix, for tables that show the number in a column of its own. */
export function bareDriverName(driverName: string, driverNumber: number | null): string {
  if (driverNumber === null) return driverName;
  const prefix = `[ ${driverNumber} ] - `;
  return driverName.startsWith(prefix) ? driverName.slice(prefix.length) : driverName;
}
