/** The racing catalogue's calls (games, tracks with variants, cars): one `queryOptions` per read, typed by the backend contracts. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CarDto, CarRequest, GameDto, GameRequest, TrackDto, TrackRequest } from '@paddock/contracts/catalogue.js';
import { untypedApi } from '../../lib/api/client.js';
import { saveWithImage } from '../../components/form/saveWithImage.js';
import { useCommand } from '../../lib/query/useCommand.js';

export type { CarDto, CrossPlayGroupDto, GameDto, Platform, TrackDto, TrackVariantDto } from '@paddock/contracts/catalogue.js';

/** Everything of the catalogue sits under `catalogue`: a save refetches what is shown of it. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
};

/** A catalogue changes rarely and is not pushed: reuse it for a minute. */
const CATALOGUE_STALE_TIME = 60_000;

export const catalogueQueries = {
  games: () => queryOptions({ queryKey: [...catalogueKeys.all, 'games'] as const, queryFn: () => untypedApi.get<GameDto[]>('/games'), staleTime: CATALOGUE_STALE_TIME }),
  /** Quiet: the form page shows not-found or its own failure. */
  game: (id: number) => queryOptions({ queryKey: [...catalogueKeys.all, 'game', id] as const, queryFn: () => untypedApi.get<GameDto>(`/games/${id}`, { silent: true }) }),
  /** A game's tracks; nothing is asked until a game is chosen. */
  tracksOf: (gameId: number | null) =>
    queryOptions({
      queryKey: [...catalogueKeys.all, 'tracks-of', gameId] as const,
      queryFn: () => untypedApi.get<TrackDto[]>(`/games/${gameId}/tracks`),
      enabled: gameId !== null,
      staleTime: CATALOGUE_STALE_TIME,
      placeholderData: keepPreviousData,
    }),
  /** Quiet: the form page shows not-found or its own failure. */
  track: (id: number) => queryOptions({ queryKey: [...catalogueKeys.all, 'track', id] as const, queryFn: () => untypedApi.get<TrackDto>(`/tracks/${id}`, { silent: true }) }),
  carsOf: (gameId: number | null) =>
    queryOptions({
      queryKey: [...catalogueKeys.all, 'cars-of', gameId] as const,
      queryFn: () => untypedApi.get<CarDto[]>(`/games/${gameId}/cars`),
      enabled: gameId !== null,
      placeholderData: keepPreviousData,
    }),
};

export const catalogueCommands = {
  saveGame: (game: GameRequest, icon: File | null, idempotencyKey?: string) =>
    saveWithImage<GameDto>({ path: '/games', part: 'game', record: game, image: icon, idempotencyKey }),
  saveTrack: (track: TrackRequest, icon: File | null, idempotencyKey?: string) =>
    saveWithImage<TrackDto>({ path: '/tracks', part: 'track', record: track, image: icon, idempotencyKey }),
  saveCar: (car: CarRequest, icon: File | null, idempotencyKey?: string) => saveWithImage<CarDto>({ path: '/cars', part: 'car', record: car, image: icon, idempotencyKey }),
  removeGame: (id: number) => untypedApi.delete(`/games/${id}`),
  removeTrack: (id: number) => untypedApi.delete(`/tracks/${id}`),
  removeCar: (id: number) => untypedApi.delete(`/cars/${id}`),
};

/** A catalogue save refetches what is shown of the catalogue. */
const catalogueChanged = () => [catalogueKeys.all];

export const useSaveGame = () => useCommand(catalogueCommands.saveGame, catalogueChanged);
export const useSaveTrack = () => useCommand(catalogueCommands.saveTrack, catalogueChanged);
export const useSaveCar = () => useCommand(catalogueCommands.saveCar, catalogueChanged);
