import type { EntityManager } from '@mikro-orm/postgresql';
import { seededRandom } from '../common/seeded-random.js';
import { EventAttendance, LeagueEvent, LiveEvent, Race, RaceEvent } from '../modules/events/event.entities.js';
import { DriverProfile } from '../modules/profiles/driver-profile.entity.js';
import { TimingSource } from '../modules/timing/timing.entities.js';
import type { DemoCatalogue } from './demo-league.js';

/**
 * The demo's live race: an event on now, live, whose race reads its timing from a simulated ACC game
 * on this machine (started by `npm start`, see demo-live-timing.ts), so a new user sees the tower move.
 */
export const DEMO_LIVE_RACE = {
  eventName: 'Demo live race – Monza',
  game: 'Assetto Corsa Competizione',
  track: 'Monza/Grand Prix',
  trackMeters: 5793,
  /** The simulated game's broadcasting port (ACC's own default, 9000, is left to a real game). */
  port: 9231,
  host: '127.0.0.1',
  /** ACC's default connection password. */
  password: 'asd',
  laps: 6,
  streamUrl: 'https://www.twitch.tv/paddockleague',
} as const;

/** Who races it: demo accounts and drivers of the demo grid (entered in the event, so the tower links their profiles). */
const DRIVERS = [
  'Dani Driver',
  'Cory Captain',
  'Lena Vogt',
  'Marco Bellini',
  'Sofia Lindqvist',
  'Tom Okafor',
  'Yuki Tanaka',
  'Pierre Lambert',
  'Ana Ribeiro',
  'Jakub Nowak',
  'Emma de Vries',
  'Mateo García',
];

/** Seeds the live event, its race, the race's entrants and its timing source (a part of `seedDemoData`'s transaction). */
export async function seedDemoLiveRace(em: EntityManager, catalogue: DemoCatalogue): Promise<void> {
  const game = catalogue.games.get(DEMO_LIVE_RACE.game)!;
  const variant = catalogue.variants.get(`${DEMO_LIVE_RACE.game}/${DEMO_LIVE_RACE.track}`)!;
  const event = em.create(LeagueEvent, {
    name: DEMO_LIVE_RACE.eventName,
    startsAt: new Date(),
    game,
    platforms: ['PC'],
    seats: 30,
    competitionStyle: 'SOLO',
    carTuningRule: 'ALLOWED',
    carUpgradeRule: 'ALLOWED',
    published: true,
    publishedAt: new Date(),
  });
  const raceEvent = em.create(RaceEvent, { event, position: 0, trackVariant: variant });
  const race = em.create(Race, { raceEvent, position: 0, raceEventType: 'RACE', trackVariant: variant, laps: DEMO_LIVE_RACE.laps });
  em.create(LiveEvent, { event, streamUrl: DEMO_LIVE_RACE.streamUrl });
  em.create(TimingSource, { race, game: 'ACC', host: DEMO_LIVE_RACE.host, port: DEMO_LIVE_RACE.port, password: DEMO_LIVE_RACE.password });
  for (const profile of await em.find(DriverProfile, { name: { $in: DRIVERS } })) em.create(EventAttendance, { event, profile });
}

/**
 * A made-up AC result file of the demo race (the simulator plays any result file): lap times drawn by
 * `seed`, so each loop of the demo is another race, with the field shuffling as laps go by.
 */
export function demoRaceResultFile(seed: number): { resultFile: Buffer; fileName: string } {
  const random = seededRandom(seed);
  const cars = DRIVERS.map((name, carId) => {
    const pace = 107_000 + random() * 2_500;
    const laps = Array.from({ length: DEMO_LIVE_RACE.laps }, (_, lap) => Math.round(pace + (lap === 0 ? 4_000 : 0) + (random() - 0.5) * 3_000));
    const guid = `7656119810${String(seed % 1000).padStart(3, '0')}${String(carId).padStart(4, '0')}`;
    return { carId, name, guid, laps, total: laps.reduce((sum, lap) => sum + lap, 0), best: Math.min(...laps) };
  });
  const model = 'porsche_991ii_gt3_r';
  const driver = (car: (typeof cars)[number]) => ({ Name: car.name, Team: '', Nation: '', Guid: car.guid, GuidsList: [car.guid] });
  const sectors = (lapMs: number) => {
    const first = Math.round(lapMs * 0.31);
    const second = Math.round(lapMs * 0.36);
    return [first, second, lapMs - first - second];
  };
  const lapRows = cars
    .flatMap((car) => car.laps.map((lapMs, lap) => ({ car, lapMs, finishedAt: car.laps.slice(0, lap + 1).reduce((sum, time) => sum + time, 0) })))
    .sort((a, b) => a.finishedAt - b.finishedAt)
    .map(({ car, lapMs, finishedAt }) => ({
      DriverName: car.name,
      DriverGuid: car.guid,
      CarId: car.carId,
      CarModel: model,
      Timestamp: finishedAt,
      LapTime: lapMs,
      Sectors: sectors(lapMs),
      Cuts: 0,
      BallastKG: 0,
      Tyre: 'DHD2',
      Restrictor: 0,
    }));
  const file = {
    TrackName: 'monza',
    TrackConfig: '',
    Type: 'RACE',
    DurationSecs: 0,
    RaceLaps: DEMO_LIVE_RACE.laps,
    Cars: cars.map((car) => ({ CarId: car.carId, Driver: driver(car), Model: model, Skin: '', BallastKG: 0, Restrictor: 0 })),
    Result: [...cars]
      .sort((a, b) => a.total - b.total)
      .map((car) => ({ DriverName: car.name, DriverGuid: car.guid, CarId: car.carId, CarModel: model, BestLap: car.best, TotalTime: car.total, BallastKG: 0, Restrictor: 0 })),
    Laps: lapRows,
    Events: [],
  };
  return { resultFile: Buffer.from(JSON.stringify(file)), fileName: 'demo-live-race.json' };
}
