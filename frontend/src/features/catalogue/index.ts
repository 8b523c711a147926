// The catalogue feature's public face: games, tracks and cars as other features read them. Its admin
// screens are loaded lazily by app/areas through their own paths.
export { catalogueKeys, catalogueQueries } from './api.js';
export type { CarDto, CrossPlayGroupDto, GameDto, Platform, TrackDto, TrackVariantDto } from './api.js';
export { PlatformChecks } from './components/PlatformChecks.js';
