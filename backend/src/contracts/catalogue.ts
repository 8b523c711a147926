/** Shapes of the racing catalogue (games, tracks with variants, cars) shared with the web client, and their REST routes. Types and pure rules only. */
import { noContent, route, type FilePart, type FormBody } from './http.js';

/** The platforms a game runs on (SPEC §9; `ALL` is only a filter value, never stored). */
export const PLATFORMS = ['PC', 'XBOX', 'PLAYSTATION'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** A crossplay entry (SPEC §3): platforms of one game that race together. */
export interface CrossPlayGroupDto {
  name: string;
  platforms: Platform[];
}

export interface GameDto {
  id: number;
  name: string;
  /** URL of the webp icon (`/api/images/{id}.webp`), or null. */
  icon: string | null;
  platforms: Platform[];
  crossPlayPlatforms: CrossPlayGroupDto[];
}

export interface TrackVariantDto {
  id: number;
  name: string;
  lengthMeters: number;
}

export interface TrackDto {
  id: number;
  gameId: number;
  name: string;
  /** ISO 3166-1 alpha-2 country code, e.g. `GB`. */
  country: string;
  icon: string | null;
  variants: TrackVariantDto[];
}

/**
 * A raced layout as events and boards refer to it: `id` is the variant's id, `trackName` the track's
 * name and `name` the variant's (SPEC §3 "track (id, trackName, name as variant)").
 */
export interface TrackRef {
  id: number;
  trackId: number;
  trackName: string;
  name: string;
  country: string;
  lengthMeters: number;
  icon: string | null;
}

export interface CarDto {
  id: number;
  gameId: number;
  name: string;
  carClass: string;
  icon: string | null;
}

/* ---- Request shapes: the JSON parts of `PUT /api/games|tracks|cars`; the API's DTOs implement them. ---- */

export interface CrossPlayGroupRequest {
  name: string;
  platforms: Platform[];
}

/** With `id` it updates that game, without it creates one. */
export interface GameRequest {
  id?: number;
  name: string;
  platforms: Platform[];
  crossPlayPlatforms?: CrossPlayGroupRequest[];
}

export interface TrackVariantRequest {
  /** Keeps (and renames) an existing variant; omit to add one. */
  id?: number;
  name: string;
  lengthMeters: number;
}

/** The track and all its variants (variants left out are removed). */
export interface TrackRequest {
  id?: number;
  game: { id: number };
  name: string;
  /** ISO 3166-1 alpha-2, e.g. `GB`. */
  country: string;
  variants: TrackVariantRequest[];
}

export interface CarRequest {
  id?: number;
  game: { id: number };
  name: string;
  carClass: string;
}

export const catalogueRoutes = {
  'GET /games': route<GameDto[]>('public'),
  /** `game` (with `id` to update) and an optional `icon` image (admins). */
  'PUT /games': route<GameDto, FormBody<{ game: GameRequest; icon?: FilePart }>>('isAdmin'),
  'GET /games/:id': route<GameDto>('public'),
  'DELETE /games/:id': noContent('isAdmin'),
  'GET /games/:id/tracks': route<TrackDto[]>('public'),
  'GET /games/:id/cars': route<CarDto[]>('public'),
  /** `track` (with all its `variants`; with `id` to update) and an optional `icon` (admins). */
  'PUT /tracks': route<TrackDto, FormBody<{ track: TrackRequest; icon?: FilePart }>>('isAdmin'),
  'GET /tracks/:id': route<TrackDto>('public'),
  'DELETE /tracks/:id': noContent('isAdmin'),
  /** `car` (with `id` to update) and an optional `icon` (admins). */
  'PUT /cars': route<CarDto, FormBody<{ car: CarRequest; icon?: FilePart }>>('isAdmin'),
  'GET /cars/:id': route<CarDto>('public'),
  'DELETE /cars/:id': noContent('isAdmin'),
} as const;
