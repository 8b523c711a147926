import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '../contracts/catalogue.js';
import type { RivalRotation, RivalTimeStatus } from '../contracts/rivals.js';
import { Car, type Game, type TrackVariant } from '../modules/catalogue/catalogue.entities.js';
import { DriverProfile } from '../modules/profiles/driver-profile.entity.js';
import { RivalPick, RivalsServer, RivalTime } from '../modules/rivals/rivals.entities.js';
import { nextBoundary } from '../modules/rivals/rotation.js';
import type { DemoCatalogue } from './demo-league.js';
import { seededRandom } from '../common/seeded-random.js';

/**
 * The rivals side of the demo league: three servers (ACC on PC, Forza on Xbox, ACC for the console
 * crossplay group) rotating through seeded tracks, times on each server's current track for every
 * driver with a completed profile (PC from server files, verified; consoles submitted, a few still
 * provisional), and rivals picked by `driver`. Times come from a seeded draw: every seeding is alike.
 */

interface ServerSeed {
  name: string;
  game: string;
  platform: Platform | null;
  crossplay: string | null;
  tracks: string[];
  rotation: RivalRotation;
  /** The lap a fast driver does on the current track (ms). */
  baseLapMs: number;
}

const SERVERS: ServerSeed[] = [
  {
    name: 'Paddock Rivals PC',
    game: 'Assetto Corsa Competizione',
    platform: 'PC',
    crossplay: null,
    tracks: ['Monza/Grand Prix', 'Zandvoort/Grand Prix', 'Imola/Grand Prix', 'Kyalami/Grand Prix', 'Spa-Francorchamps/Grand Prix'],
    rotation: { kind: 'DAILY', dailyAt: '20:00' },
    baseLapMs: 107_400,
  },
  {
    name: 'Paddock Rivals Xbox',
    game: 'Forza Motorsport',
    platform: 'XBOX',
    crossplay: null,
    tracks: ['Silverstone/Grand Prix', 'Suzuka/Full Circuit', 'Road Atlanta/Full Circuit', 'Mugello/Full Circuit'],
    rotation: { kind: 'EVERY_HOURS', everyHours: 8 },
    baseLapMs: 118_200,
  },
  {
    name: 'Paddock Rivals Consoles',
    game: 'Assetto Corsa Competizione',
    platform: null,
    crossplay: 'Consoles',
    tracks: ['Mount Panorama/Bathurst', 'Silverstone/Grand Prix', 'Barcelona/Grand Prix'],
    rotation: { kind: 'EVERY_HOURS', everyHours: 12 },
    baseLapMs: 121_800,
  },
];

/** Who `driver` picked: grid drivers by gamertag. */
const DRIVER_PICKS = ['VogtSpeed', 'YukiDrift', 'HanaHotlap'];

export async function seedDemoRivals(em: EntityManager, catalogue: DemoCatalogue, now = new Date()): Promise<void> {
  const draw = seededRandom(12);
  const drivers = await em.find(DriverProfile, { profileCompleted: true }, { orderBy: { id: 'asc' } });
  const cars = await em.find(Car, {}, { orderBy: { id: 'asc' } });
  const dayAgo = now.getTime() - 24 * 3_600_000;
  for (const seed of SERVERS) {
    const game = catalogue.games.get(seed.game)!;
    const tracks = seed.tracks.map((track) => catalogue.variants.get(`${seed.game}/${track}`)!);
    const anchor = new Date(dayAgo);
    em.create(RivalsServer, {
      name: seed.name,
      game,
      platform: seed.platform,
      crossplay: seed.crossplay,
      trackIds: tracks.map((track) => track.id),
      rotation: seed.rotation,
      anchorAt: anchor,
      currentIndex: 0,
      currentSince: now,
      nextRotationAt: nextBoundary(seed.rotation, anchor, now),
    });
    const platforms = seed.platform ? [seed.platform] : game.crossPlayPlatforms.find((group) => group.name === seed.crossplay)!.platforms;
    const gameCars = cars.filter((car) => car.game.id === game.id).slice(0, 2);
    for (const platform of platforms) seedBoard(em, { game, track: tracks[0], cars: gameCars, platform, drivers, baseLapMs: seed.baseLapMs, draw, dayAgo });
  }
  const driver = drivers.find((profile) => profile.name === 'Dani Driver');
  const acc = catalogue.games.get('Assetto Corsa Competizione')!;
  for (const gamertag of DRIVER_PICKS) {
    const rival = drivers.find((profile) => profile.xboxUsername === gamertag || profile.steamUsername === gamertag || profile.alternativeName === gamertag);
    if (driver && rival) em.create(RivalPick, { owner: driver, rival, game: acc, track: null, platform: 'PC' });
  }
  await em.flush();
}

function seedBoard(
  em: EntityManager,
  board: { game: Game; track: TrackVariant; cars: Car[]; platform: Platform; drivers: DriverProfile[]; baseLapMs: number; draw: () => number; dayAgo: number },
): void {
  const { game, track, cars, platform, drivers, baseLapMs, draw, dayAgo } = board;
  const file = platform === 'PC';
  for (const profile of drivers) {
    // Most drivers within 107 % of a fast lap; a few well off the pace.
    const timeMs = Math.round(baseLapMs * (1 + draw() * 0.075));
    const status: RivalTimeStatus = file || draw() > 0.2 ? 'VERIFIED' : 'PROVISIONAL';
    em.create(RivalTime, {
      profile,
      game,
      track,
      car: cars[Math.floor(draw() * cars.length)],
      platform,
      timeMs,
      conditions: draw() > 0.9 ? 'WET' : 'DRY',
      source: file ? 'SERVER_FILE' : 'SUBMISSION',
      status,
      videoUrl: file ? null : 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      setAt: new Date(dayAgo + Math.floor(draw() * 23 * 3_600_000)),
      decidedAt: status === 'VERIFIED' && !file ? new Date(dayAgo + 23 * 3_600_000) : null,
    });
  }
}
