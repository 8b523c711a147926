import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrossPlayGroupDto, Platform } from '../../backend/src/contracts/catalogue.js';
import { Car, Game, Track, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { nextNumber } from './sequence.js';

/** A game with a unique name, on PC and Xbox unless told otherwise. */
export async function newGame(em: EntityManager, overrides: { name?: string; platforms?: Platform[]; crossPlayPlatforms?: CrossPlayGroupDto[] } = {}): Promise<Game> {
  const game = em.create(Game, { name: `Factory Game ${nextNumber()}`, platforms: ['PC', 'XBOX'], ...overrides });
  await em.persist(game).flush();
  return game;
}

/** A track of the game with its variants (one "GP" variant unless told otherwise). */
export async function newTrack(
  em: EntityManager,
  game: Game,
  overrides: { name?: string; country?: string; variants?: { name: string; lengthMeters: number }[] } = {},
): Promise<{ track: Track; variants: TrackVariant[] }> {
  const { variants = [{ name: 'GP', lengthMeters: 4000 }], ...fields } = overrides;
  const track = em.create(Track, { game, name: `Factory Track ${nextNumber()}`, country: 'GB', ...fields });
  const created = variants.map((variant) => em.create(TrackVariant, { track, ...variant }));
  await em.persist(track).flush();
  return { track, variants: created };
}

/** A car of the game with a unique name, GT3 unless told otherwise. */
export async function newCar(em: EntityManager, game: Game, overrides: { name?: string; carClass?: string } = {}): Promise<Car> {
  const car = em.create(Car, { game, name: `Factory Car ${nextNumber()}`, carClass: 'GT3', ...overrides });
  await em.persist(car).flush();
  return car;
}

/** A game with one track of two variants, Brands Hatch GP and Indy (for tests about something else). */
export async function newGameWithTrack(em: EntityManager, platforms: Platform[] = ['PC', 'XBOX']) {
  const game = await newGame(em, { platforms });
  const {
    track,
    variants: [gp, indy],
  } = await newTrack(em, game, {
    name: 'Brands Hatch',
    variants: [
      { name: 'GP', lengthMeters: 3908 },
      { name: 'Indy', lengthMeters: 1929 },
    ],
  });
  return { game, track, gp, indy };
}
