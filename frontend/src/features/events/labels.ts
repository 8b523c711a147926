/** How the client names the league's constants (SPEC §9). */
import type { CarTuningRule, CarUpgradeRule, CompetitionStyle, Platform, RaceEventType } from './types.js';

export const COMPETITION_STYLE_LABELS: Record<CompetitionStyle, string> = { SOLO: 'Individual', TEAM: 'Teams', LVL: 'League VS League' };
export const CAR_UPGRADE_LABELS: Record<CarUpgradeRule, string> = { ALLOWED: 'Allowed', DISALLOWED: 'Not allowed', HOMOLOGATED: 'Homologated' };
export const CAR_TUNING_LABELS: Record<CarTuningRule, string> = { ALLOWED: 'Allowed', DISALLOWED: 'Not allowed' };
export const PLATFORM_LABELS: Record<Platform | 'ALL', string> = { ALL: 'All platforms', PC: 'PC', XBOX: 'Xbox', PLAYSTATION: 'PlayStation' };
export const RACE_TYPE_LABELS: Record<RaceEventType, string> = {
  PRACTICE: 'Practice',
  SPRINT: 'Sprint',
  RACE: 'Race',
  FEATURE: 'Feature race',
  ENDURANCE: 'Endurance',
};

/** "12 laps", "30 min", "12 laps · 30 min", or '' when neither is set. */
export function raceDistance({ laps, length }: { laps: number | null; length: number | null }): string {
  return [laps ? `${laps} ${laps === 1 ? 'lap' : 'laps'}` : '', length ? `${length} min` : ''].filter(Boolean).join(' · ');
}

/** "Spa-Francorchamps — Full Circuit", or the external name for a track outside the catalogue. */
export function trackTitle(track: { trackName: string; name: string } | null | undefined, externalTrackName?: string | null): string {
  const external = externalTrackName?.trim();
  if (external) return external;
  if (!track) return 'Track to be announced';
  return track.name ? `${track.trackName} — ${track.name}` : track.trackName;
}
