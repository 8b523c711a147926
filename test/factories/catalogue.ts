import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '../../backend/src/contracts/catalogue.js';
import { Game, Track, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';

let sequence = 0;

/** A game with one track of two variants, written directly (for tests about something else). */
export async function newGameWithTrack(em: EntityManager, platforms: Platform[] = ['PC', 'XBOX']) {
  sequence += 1;
  const game = em.create(Game, { name: `Factory Game ${sequence}-${Date.now().toString(36)}`, platforms });
  const track = em.create(Track, { game, name: 'Brands Hatch', country: 'GB' });
  const gp = em.create(TrackVariant, { track, name: 'GP', lengthMeters: 3908 });
  const indy = em.create(TrackVariant, { track, name: 'Indy', lengthMeters: 1929 });
  await em.flush();
  return { game, track, gp, indy };
}
