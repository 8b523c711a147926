/**
 * Outcomes as the stewards type them (one row per driver and penalty) and as everyone reads them.
 * The wording of one outcome is the contract's `outcomeLabel`; this adds the driver and the form.
 */
import { OUTCOME_LABELS, outcomeLabel, outcomeNeedsAmount, type OutcomeKind, type TicketOutcome, type TicketOutcomeDto } from '@paddock/contracts/stewarding.js';
import type { FieldMessages } from './ticketForm.js';

/** What the amount of a kind counts, for its field's label. */
export const AMOUNT_UNITS: Partial<Record<OutcomeKind, string>> = {
  TIME_PENALTY: 'Seconds',
  POSITION_PENALTY: 'Places',
  POINTS_DEDUCTION: 'Championship points',
  LICENCE_POINTS: 'Licence points',
  RACE_BAN: 'Events',
};

export const REASON_MIN = 10;

export interface OutcomeRow {
  kind: OutcomeKind;
  profileId: number | null;
  amount: string;
}

export interface OutcomeFormValues {
  rows: OutcomeRow[];
  reason: string;
}

/** "[ 7 ] - Kim: Time penalty: 5 s" — one outcome with its driver. */
export function outcomeText(outcome: TicketOutcomeDto): string {
  return `${outcome.driverName}: ${outcome.label || outcomeLabel(outcome)}`;
}

/** Every outcome of a decision in one line; "No further action" when there is none. */
export function outcomesText(outcomes: TicketOutcomeDto[] | null | undefined): string {
  if (!outcomes || outcomes.length === 0) return OUTCOME_LABELS.NO_FURTHER_ACTION;
  return outcomes.map(outcomeText).join('; ');
}

/** What is wrong with a vote's or decision's reason, or true when it may be sent. */
export const reasonProblem = (reason: string): string | true =>
  reason.trim().length >= REASON_MIN || `Write the reason the drivers will read (at least ${REASON_MIN} characters).`;

/** Checks of a vote or decision, by field (`rows.{i}.profileId`, `rows.{i}.amount`, `reason`). */
export function checkOutcomes(values: OutcomeFormValues): FieldMessages {
  const messages: FieldMessages = {};
  if (values.rows.length === 0) messages.rows = 'Add at least one outcome (No further action counts).';
  values.rows.forEach((row, index) => {
    if (row.profileId === null) messages[`rows.${index}.profileId`] = 'Pick the driver.';
    if (outcomeNeedsAmount(row.kind)) {
      const amount = row.amount.trim();
      if (!/^\d{1,4}$/.test(amount) || Number(amount) < 1) messages[`rows.${index}.amount`] = `${AMOUNT_UNITS[row.kind] ?? 'Amount'}: a whole number from 1.`;
    }
  });
  const reason = reasonProblem(values.reason);
  if (reason !== true) messages.reason = reason;
  return messages;
}

export function outcomesOf(rows: OutcomeRow[]): TicketOutcome[] {
  return rows
    .filter((row): row is OutcomeRow & { profileId: number } => row.profileId !== null)
    .map((row) => ({ kind: row.kind, profileId: row.profileId, amount: outcomeNeedsAmount(row.kind) ? Number(row.amount.trim()) : null }));
}

/** A standing vote or decision back as editable rows. */
export function rowsOf(outcomes: TicketOutcome[]): OutcomeRow[] {
  return outcomes.map((outcome) => ({ kind: outcome.kind, profileId: outcome.profileId, amount: outcome.amount ? String(outcome.amount) : '' }));
}
