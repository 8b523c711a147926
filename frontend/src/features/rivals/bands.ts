/**
 * How the board shows the percentage bands (issue #12): which band a time is in is the contract's
 * rule (`bandFor`, computed by the API into each row); this file only names and colours them.
 */
import type { RivalBand } from '@paddock/contracts/rivals.js';

/** A time as a percentage of the leader's, to one decimal place rounded up (100.01 % is not the leader). */
export function percentOfLeader(timeMs: number, leaderMs: number): number {
  if (leaderMs <= 0) return 100;
  return Math.ceil((timeMs / leaderMs) * 1000 - 1e-9) / 10;
}

/** How a band is named on the board and to screen readers; null is past 107 %. */
export function bandLabel(band: RivalBand | null): string {
  return band === null ? 'over 107 %' : `${band} %`;
}

/** Background tints by band, from the leader's strongest to none past 107 %. */
export function bandColour(band: RivalBand | null): string {
  switch (band) {
    case 100:
      return 'rgba(103, 58, 183, 0.22)';
    case 102:
      return 'rgba(103, 58, 183, 0.14)';
    case 104:
      return 'rgba(103, 58, 183, 0.08)';
    case 107:
      return 'rgba(103, 58, 183, 0.04)';
    default:
      return 'transparent';
  }
}
