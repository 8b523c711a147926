/** The catalogue module's public face: games, tracks and cars, their mappers to contracts and GraphQL types. */
export { CatalogueModule } from './catalogue.module.js';
export { GamesService } from './games.service.js';
export { TracksService } from './tracks.service.js';
export { CarsService } from './cars.service.js';
export { toGameDto, toTrackRef } from './catalogue.mappers.js';
export { GameRefType, GameType, PlatformEnum, PlatformFilterEnum, TrackRefType } from './graphql/catalogue.types.js';
export { CAR_NAMES, GAME_PLATFORMS, TRACK_VARIANT_GAMES } from './catalogue-relations.js';
