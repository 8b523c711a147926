import { imageUrl } from '../images/index.js';
import type { CarDto, GameDto, TrackDto, TrackRef } from '../../contracts/catalogue.js';
import type { Car, Game, Track, TrackVariant } from './catalogue.entities.js';

export function toGameDto(game: Game): GameDto {
  return { id: game.id, name: game.name, icon: imageUrl(game.icon?.id), platforms: game.platforms, crossPlayPlatforms: game.crossPlayPlatforms };
}

/** Needs the track's variants loaded. */
export function toTrackDto(track: Track): TrackDto {
  return {
    id: track.id,
    gameId: track.game.id,
    name: track.name,
    country: track.country,
    icon: imageUrl(track.icon?.id),
    variants: track.variants.getItems().map((variant) => ({ id: variant.id, name: variant.name, lengthMeters: variant.lengthMeters })),
  };
}

/** Needs the variant's track loaded. */
export function toTrackRef(variant: TrackVariant): TrackRef {
  return {
    id: variant.id,
    trackId: variant.track.id,
    trackName: variant.track.name,
    name: variant.name,
    country: variant.track.country,
    lengthMeters: variant.lengthMeters,
    icon: imageUrl(variant.track.icon?.id),
  };
}

export function toCarDto(car: Car): CarDto {
  return { id: car.id, gameId: car.game.id, name: car.name, carClass: car.carClass, icon: imageUrl(car.icon?.id) };
}
