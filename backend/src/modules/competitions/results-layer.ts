/**
 * Steward decisions as a layer over a race's results, pure so its rules are unit-tested. A race keeps
 * two kinds of revision: BASE (what the organizer saved, imported or reverted to) and DECISIONS (a
 * base with every standing decision of the race applied, written whenever the base or the standing
 * decisions change). The lines that count are those of the race's newest revision, which is always
 * the latest base with the standing decisions applied exactly once.
 */
import type { RaceResultLine, RevisionKind } from '../../contracts/competitions.js';
import type { TicketOutcome } from '../../contracts/stewarding.js';
import { applyPenalties, changesLines } from '../stewarding/index.js';

/** Which revision of a race it is: a DECISIONS revision names the base it applied the decisions to. */
export interface RevisionHead {
  number: number;
  kind: RevisionKind;
  baseNumber: number | null;
}

/** A revision to write, numbered after the race's newest. */
export interface PlannedRevision extends RevisionHead {
  lines: RaceResultLine[];
}

/**
 * A base write (save, import, revert) as revision `next`, followed by the standing decisions applied to
 * it when any of them changes lines (points deductions alone leave the lines as they are).
 */
export function planBaseWrite(next: number, lines: RaceResultLine[], standing: readonly TicketOutcome[]): PlannedRevision[] {
  const base: PlannedRevision = { number: next, kind: 'BASE', baseNumber: null, lines };
  if (!changesLines(standing)) return [base];
  return [base, { number: next + 1, kind: 'DECISIONS', baseNumber: next, lines: applyPenalties(lines, standing) }];
}

/**
 * The standing decisions changed (a decision, a decision again, an appeal's outcome): the latest base
 * with all of them applied, as revision `next`. Nothing while the race has no base yet: the first base
 * write applies them.
 */
export function planDecisions(next: number, latestBase: { number: number; lines: RaceResultLine[] } | null, standing: readonly TicketOutcome[]): PlannedRevision[] {
  if (!latestBase) return [];
  return [{ number: next, kind: 'DECISIONS', baseNumber: latestBase.number, lines: applyPenalties(latestBase.lines, standing) }];
}

/** The base revision a revert to `revision` copies: a DECISIONS revision stands for the base it applied to, so decisions are never copied into a base. */
export function revertSource(revision: RevisionHead): number {
  return revision.kind === 'DECISIONS' ? revision.baseNumber! : revision.number;
}
