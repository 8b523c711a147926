import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '../../backend/src/contracts/catalogue.js';
import type { RivalRotation, RivalTimeStatus } from '../../backend/src/contracts/rivals.js';
import type { Car, Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { RivalPick, RivalsServer, RivalTime } from '../../backend/src/modules/rivals/rivals.entities.js';
import { nextBoundary } from '../../backend/src/modules/rivals/rotation.js';
import { nextNumber } from './sequence.js';

/** A time on a board, verified from a server file unless told otherwise. */
export async function newRivalTime(
  em: EntityManager,
  fields: { profile: DriverProfile; game: Game; track: TrackVariant; car: Car; timeMs: number; platform?: Platform; status?: RivalTimeStatus; setAt?: Date },
): Promise<RivalTime> {
  const { status = 'VERIFIED', platform = 'PC', ...rest } = fields;
  const time = em.create(RivalTime, { ...rest, platform, status, conditions: 'DRY', source: status === 'VERIFIED' ? 'SERVER_FILE' : 'SUBMISSION' });
  await em.persist(time).flush();
  return time;
}

/** A rivals server for one platform rotating through the tracks (every 2 hours unless told otherwise), starting now on the first. */
export async function newRivalsServer(
  em: EntityManager,
  fields: { game: Game; tracks: TrackVariant[]; platform?: Platform; crossplay?: string; rotation?: RivalRotation; name?: string },
): Promise<RivalsServer> {
  const now = new Date();
  const rotation = fields.rotation ?? { kind: 'EVERY_HOURS', everyHours: 2 };
  const server = em.create(RivalsServer, {
    name: fields.name ?? `Factory Rivals Server ${nextNumber()}`,
    game: fields.game,
    platform: fields.crossplay ? null : (fields.platform ?? 'PC'),
    crossplay: fields.crossplay ?? null,
    trackIds: fields.tracks.map((track) => track.id),
    rotation,
    anchorAt: now,
    currentSince: now,
    nextRotationAt: nextBoundary(rotation, now, now),
  });
  await em.persist(server).flush();
  return server;
}

/** `owner` picks `rival` for the game (or for one track) on a platform. */
export async function newRivalPick(
  em: EntityManager,
  fields: { owner: DriverProfile; rival: DriverProfile; game: Game; track?: TrackVariant; platform?: Platform },
): Promise<RivalPick> {
  const pick = em.create(RivalPick, { owner: fields.owner, rival: fields.rival, game: fields.game, track: fields.track ?? null, platform: fields.platform ?? 'PC' });
  await em.persist(pick).flush();
  return pick;
}
