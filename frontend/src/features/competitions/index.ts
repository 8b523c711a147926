// The competitions feature's public face: what other features and app/ use. Screens are not here: app/areas
// loads each lazily by its own path, so an import of this index never pulls a page into a chunk.
export { competitionCommands, competitionKeys, competitionQueries } from './api.js';
export type { RaceRef } from './api.js';
export { applyStandings, onCompetitionsChanged } from './cache.js';
export { openRound } from './openRound.js';
export type * from './types.js';
