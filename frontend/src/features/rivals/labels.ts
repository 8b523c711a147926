import type { Platform } from '@paddock/contracts/catalogue.js';
import type { BoardPlatform } from './api.js';

/** Platform names as SPEC §2 writes them on Home's cards. */
export const PLATFORM_LABELS: Record<Platform, string> = { PC: 'PC', XBOX: 'Xbox', PLAYSTATION: 'Playstation' };

/** The board's platform choices: the combined view first. */
export const BOARD_PLATFORMS: readonly BoardPlatform[] = ['ALL', 'PC', 'XBOX', 'PLAYSTATION'];

export const boardPlatformLabel = (platform: BoardPlatform) => (platform === 'ALL' ? 'All platforms' : PLATFORM_LABELS[platform]);

/** A `/rivals/{platform}` segment back to a board platform (`all`, `pc`, `xbox`, `playstation`; anything else is the combined view). */
export function boardPlatformOf(segment: string | undefined): BoardPlatform {
  const upper = segment?.toUpperCase();
  return upper === 'PC' || upper === 'XBOX' || upper === 'PLAYSTATION' ? upper : 'ALL';
}

/** The variant after the track's name, e.g. "Spa-Francorchamps · GP". */
export const trackLabel = (track: { trackName: string; name: string }) => (track.name ? `${track.trackName} · ${track.name}` : track.trackName);
