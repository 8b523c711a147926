/** The racing catalogue's calls (games, tracks with variants, cars), typed by the backend contracts. */
import { api } from '../../lib/api/client.js';
import { saveWithImage } from '../../components/form/saveWithImage.js';
import type { CarDto, GameDto, TrackDto } from '../../../../backend/src/contracts/catalogue.js';

export type { CarDto, CrossPlayGroupDto, GameDto, Platform, TrackDto, TrackVariantDto } from '../../../../backend/src/contracts/catalogue.js';

export interface GameRecord {
  id?: number;
  name: string;
  platforms: GameDto['platforms'];
  crossPlayPlatforms: GameDto['crossPlayPlatforms'];
}

export interface TrackRecord {
  id?: number;
  game: { id: number };
  name: string;
  country: string;
  variants: { id?: number; name: string; lengthMeters: number }[];
}

export interface CarRecord {
  id?: number;
  game: { id: number };
  name: string;
  carClass: string;
}

export const catalogueApi = {
  games: () => api.get<GameDto[]>('/games'),
  game: (id: number) => api.get<GameDto>(`/games/${id}`),
  tracksOf: (gameId: number) => api.get<TrackDto[]>(`/games/${gameId}/tracks`),
  track: (id: number) => api.get<TrackDto>(`/tracks/${id}`),
  carsOf: (gameId: number) => api.get<CarDto[]>(`/games/${gameId}/cars`),
  saveGame: (game: GameRecord, icon?: File | null) => saveWithImage<GameDto>({ path: '/games', part: 'game', record: game, image: icon }),
  saveTrack: (track: TrackRecord, icon?: File | null) => saveWithImage<TrackDto>({ path: '/tracks', part: 'track', record: track, image: icon }),
  saveCar: (car: CarRecord, icon?: File | null) => saveWithImage<CarDto>({ path: '/cars', part: 'car', record: car, image: icon }),
  removeGame: (id: number) => api.delete<void>(`/games/${id}`),
  removeTrack: (id: number) => api.delete<void>(`/tracks/${id}`),
  removeCar: (id: number) => api.delete<void>(`/cars/${id}`),
};
