/**
 * The board's percentage bands (issue #12): a time within 100 % (the leader), 102 %, 104 % or 107 % of
 * the leader's time, or outside them all.
 */
export const BANDS = [100, 102, 104, 107] as const;
export type Band = (typeof BANDS)[number] | 'outside';

/** A time as a percentage of the leader's, to one decimal place rounded up (100.01 % is not the leader). */
export function percentOfLeader(timeMs: number, leaderMs: number): number {
  if (leaderMs <= 0) return 100;
  return Math.ceil((timeMs / leaderMs) * 1000 - 1e-9) / 10;
}

/** The tightest band a time is inside. */
export function bandOf(timeMs: number, leaderMs: number): Band {
  const ratio = leaderMs <= 0 ? 1 : timeMs / leaderMs;
  for (const band of BANDS) if (ratio <= band / 100 + 1e-12) return band;
  return 'outside';
}

/** How a band is named on the board and to screen readers. */
export function bandLabel(band: Band): string {
  return band === 'outside' ? 'over 107 %' : `${band} %`;
}

/** Background tints by band, from the leader's strongest to none outside 107 %. */
export const BAND_COLOURS: Record<Band, string> = {
  100: 'rgba(103, 58, 183, 0.22)',
  102: 'rgba(103, 58, 183, 0.14)',
  104: 'rgba(103, 58, 183, 0.08)',
  107: 'rgba(103, 58, 183, 0.04)',
  outside: 'transparent',
};
