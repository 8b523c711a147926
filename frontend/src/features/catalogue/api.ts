/** The racing catalogue's calls (games, tracks with variants, cars): one `queryOptions` per read, typed by the backend contracts. */
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { CarRequest, GameRequest, TrackRequest } from '@paddock/contracts/catalogue.js';
import { api, formBody } from '../../lib/api/client.js';
import { useCommand } from '../../lib/query/useCommand.js';

export type { CarDto, CrossPlayGroupDto, GameDto, Platform, TrackDto, TrackVariantDto } from '@paddock/contracts/catalogue.js';

/** Everything of the catalogue sits under `catalogue`: a save refetches what is shown of it. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
};

/** A catalogue changes rarely and is not pushed: reuse it for a minute. */
const CATALOGUE_STALE_TIME = 60_000;

export const catalogueQueries = {
  games: () => queryOptions({ queryKey: [...catalogueKeys.all, 'games'] as const, queryFn: () => api.get('/games'), staleTime: CATALOGUE_STALE_TIME }),
  /** Quiet: the form page shows not-found or its own failure. */
  game: (id: number) => queryOptions({ queryKey: [...catalogueKeys.all, 'game', id] as const, queryFn: () => api.get('/games/:id', { params: { id }, silent: true }) }),
  /** A game's tracks; nothing is asked until a game is chosen. */
  tracksOf: (gameId: number | null) =>
    queryOptions({
      queryKey: [...catalogueKeys.all, 'tracks-of', gameId] as const,
      queryFn: gameId === null ? skipToken : () => api.get('/games/:id/tracks', { params: { id: gameId } }),
      staleTime: CATALOGUE_STALE_TIME,
      placeholderData: keepPreviousData,
    }),
  /** Quiet: the form page shows not-found or its own failure. */
  track: (id: number) => queryOptions({ queryKey: [...catalogueKeys.all, 'track', id] as const, queryFn: () => api.get('/tracks/:id', { params: { id }, silent: true }) }),
  carsOf: (gameId: number | null) =>
    queryOptions({
      queryKey: [...catalogueKeys.all, 'cars-of', gameId] as const,
      queryFn: gameId === null ? skipToken : () => api.get('/games/:id/cars', { params: { id: gameId } }),
      placeholderData: keepPreviousData,
    }),
};

export const catalogueCommands = {
  saveGame: (game: GameRequest, icon: File | null, idempotencyKey?: string) => api.put('/games', formBody({ game, icon }), { silent: true, idempotencyKey }),
  saveTrack: (track: TrackRequest, icon: File | null, idempotencyKey?: string) => api.put('/tracks', formBody({ track, icon }), { silent: true, idempotencyKey }),
  saveCar: (car: CarRequest, icon: File | null, idempotencyKey?: string) => api.put('/cars', formBody({ car, icon }), { silent: true, idempotencyKey }),
  removeGame: (id: number) => api.delete('/games/:id', { params: { id } }),
  removeTrack: (id: number) => api.delete('/tracks/:id', { params: { id } }),
  removeCar: (id: number) => api.delete('/cars/:id', { params: { id } }),
};

/** A catalogue save refetches what is shown of the catalogue. */
const catalogueChanged = () => [catalogueKeys.all];

export const useSaveGame = () => useCommand(catalogueCommands.saveGame, catalogueChanged);
export const useSaveTrack = () => useCommand(catalogueCommands.saveTrack, catalogueChanged);
export const useSaveCar = () => useCommand(catalogueCommands.saveCar, catalogueChanged);
