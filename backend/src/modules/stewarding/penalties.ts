/**
 * How decisions change a race's classification: pure, so the rules are unit-tested. The classification
 * is always computed from the race's base and every standing decision of the race (the results layer,
 * `competitions/results-layer.ts`), so deciding again (or an appeal's outcome) replaces the earlier
 * effect instead of adding to it.
 */
import type { RaceResultLine } from '../../contracts/competitions.js';
import type { OutcomeKind, TicketOutcome } from '../../contracts/stewarding.js';

/** Outcomes that change a race's results or its points (a new results revision). */
export const RESULT_KINDS: readonly OutcomeKind[] = ['TIME_PENALTY', 'POSITION_PENALTY', 'DSQ', 'POINTS_DEDUCTION'];

export const affectsResults = (outcomes: readonly TicketOutcome[]): boolean => outcomes.some((outcome) => RESULT_KINDS.includes(outcome.kind));

/** Outcomes that change a race's lines (a points deduction changes only the standings). */
const LINE_KINDS: readonly OutcomeKind[] = ['TIME_PENALTY', 'POSITION_PENALTY', 'DSQ'];

export const changesLines = (outcomes: readonly TicketOutcome[]): boolean => outcomes.some((outcome) => LINE_KINDS.includes(outcome.kind));

/** The same outcomes in any order: what "votes agree" means. */
export function outcomesKey(outcomes: readonly TicketOutcome[]): string {
  return outcomes
    .map((outcome) => `${outcome.kind}:${outcome.profileId}:${outcome.amount ?? 0}`)
    .sort()
    .join('|');
}

/**
 * The classification after the outcomes: time penalties are added to finishers' times and finishers
 * re-ordered (laps, then time); a position penalty moves the driver down that many places (not below
 * the last classified line); a DSQ goes to the end with status DSQ. Positions are numbered 1 to n.
 * Outcomes name drivers: guest lines (no profile) are never penalized, only moved by others' penalties.
 */
export function applyPenalties(base: readonly RaceResultLine[], outcomes: readonly TicketOutcome[]): RaceResultLine[] {
  const lines = [...base].sort((a, b) => a.position - b.position).map((line) => ({ ...line }));
  const timeOf = new Map<number, number>();
  const placesOf = new Map<number, number>();
  const disqualified = new Set<number>();
  for (const outcome of outcomes) {
    const amount = outcome.amount ?? 0;
    if (outcome.kind === 'TIME_PENALTY') timeOf.set(outcome.profileId, (timeOf.get(outcome.profileId) ?? 0) + amount * 1000);
    if (outcome.kind === 'POSITION_PENALTY') placesOf.set(outcome.profileId, (placesOf.get(outcome.profileId) ?? 0) + amount);
    if (outcome.kind === 'DSQ') disqualified.add(outcome.profileId);
  }
  const of = <T>(values: Map<number, T>, line: RaceResultLine) => (line.profileId === null ? undefined : values.get(line.profileId));
  const isDisqualified = (line: RaceResultLine) => line.status === 'DSQ' || (line.profileId !== null && disqualified.has(line.profileId));
  for (const line of lines) {
    const added = of(timeOf, line);
    if (added && line.totalTimeMs !== null && line.totalTimeMs !== undefined) line.totalTimeMs += added;
  }
  const originalIndex = new Map(lines.map((line, index) => [line, index]));
  const finished = lines.filter((line) => line.status === 'FINISHED' && !isDisqualified(line));
  finished.sort((a, b) => b.laps - a.laps || (a.totalTimeMs ?? Infinity) - (b.totalTimeMs ?? Infinity) || originalIndex.get(a)! - originalIndex.get(b)!);
  const others = lines.filter((line) => line.status !== 'FINISHED' && !isDisqualified(line));
  const order = [...finished, ...others];
  // Applied from the back of the grid forward, so one driver's move does not shift another's target.
  const moved = order.flatMap((line) => (of(placesOf, line) ? [line] : [])).reverse();
  for (const line of moved) {
    const from = order.indexOf(line);
    order.splice(from, 1);
    order.splice(Math.min(from + of(placesOf, line)!, order.length), 0, line);
  }
  const dsq = lines.filter(isDisqualified).map((line) => ({ ...line, status: 'DSQ' as const }));
  return [...order, ...dsq].map((line, index) => ({ ...line, position: index + 1 }));
}
