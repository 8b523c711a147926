// The catalogue feature's public face: games, tracks and cars as other features read them. Its admin
// screens are loaded lazily by app/areas through their own paths.
export { catalogueKeys, catalogueQueries } from './api.js';
import type { GameDto, Platform } from './api.js';

export type { CarDto, CrossPlayGroupDto, GameDto, Platform, TrackDto, TrackVariantDto } from './api.js';

/** The games as choices of a select (value: the id as text). */
export const gameOptions = (games: readonly GameDto[] = []) => games.map((game) => ({ value: String(game.id), label: game.name }));

/** The platforms still offered once a game is chosen: those of `current` the game runs on (all of them for no game). */
export function platformsOffered(games: readonly GameDto[] = [], gameId: string, current: Platform[]): Platform[] {
  const chosen = games.find((game) => String(game.id) === gameId);
  return chosen ? current.filter((platform) => chosen.platforms.includes(platform)) : current;
}
