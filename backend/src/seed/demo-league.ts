import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrossPlayGroupDto, Platform } from '../contracts/catalogue.js';
import type { CarTuningRule, CarUpgradeRule, CompetitionStyle, RaceEventType } from '../contracts/events.js';
import { Car, Game, Track, TrackVariant } from '../modules/catalogue/catalogue.entities.js';
import { EventAttendance, LeagueEvent, Race, RaceEvent } from '../modules/events/event.entities.js';
import type { DriverProfile } from '../modules/profiles/driver-profile.entity.js';
import type { Team } from '../modules/teams/team.entity.js';

/**
 * The racing side of the demo league: three games with their tracks and cars, and a season's worth of
 * events around the day it is seeded — past ones with videos, upcoming ones with sign-ups, one full,
 * one assessment, one still a draft. Icons are left empty.
 */

interface GameSeed {
  name: string;
  platforms: Platform[];
  crossPlay: CrossPlayGroupDto[];
  tracks: { name: string; country: string; variants: [string, number][] }[];
  cars: [string, string][];
}

const GAMES: GameSeed[] = [
  {
    name: 'Forza Motorsport',
    platforms: ['PC', 'XBOX'],
    crossPlay: [{ name: 'Xbox & PC', platforms: ['PC', 'XBOX'] }],
    tracks: [
      {
        name: 'Silverstone',
        country: 'GB',
        variants: [
          ['Grand Prix', 5891],
          ['National', 2638],
        ],
      },
      { name: 'Spa-Francorchamps', country: 'BE', variants: [['Full Circuit', 7004]] },
      {
        name: 'Suzuka',
        country: 'JP',
        variants: [
          ['Full Circuit', 5807],
          ['East', 2243],
        ],
      },
      { name: 'Road Atlanta', country: 'US', variants: [['Full Circuit', 4088]] },
      { name: 'Mugello', country: 'IT', variants: [['Full Circuit', 5245]] },
      { name: 'Watkins Glen', country: 'US', variants: [['Full Circuit', 5430]] },
      { name: 'Laguna Seca', country: 'US', variants: [['Full Circuit', 3602]] },
      { name: 'Hockenheim', country: 'DE', variants: [['Full Circuit', 4574]] },
    ],
    cars: [
      ['Porsche 911 GT3 R', 'GT3'],
      ['BMW M4 GT3', 'GT3'],
      ['Mazda MX-5 Cup', 'Spec'],
      ['Cadillac V-Series.R', 'GTP'],
    ],
  },
  {
    name: 'Gran Turismo 7',
    platforms: ['PLAYSTATION'],
    crossPlay: [],
    tracks: [
      {
        name: 'Brands Hatch',
        country: 'GB',
        variants: [
          ['Grand Prix', 3908],
          ['Indy', 1929],
        ],
      },
      {
        name: 'Nürburgring',
        country: 'DE',
        variants: [
          ['Nordschleife', 20832],
          ['GP', 5148],
        ],
      },
      { name: 'Trial Mountain', country: 'US', variants: [['Full Course', 5394]] },
      { name: 'Interlagos', country: 'BR', variants: [['Full Course', 4309]] },
      {
        name: 'Deep Forest Raceway',
        country: 'CH',
        variants: [
          ['Full Course', 4254],
          ['Reverse', 4254],
        ],
      },
    ],
    cars: [
      ['Porsche 911 RSR', 'Gr.3'],
      ['Toyota GR Supra Racing Concept', 'Gr.3'],
      ['Mazda Roadster Touring Car', 'Gr.4'],
    ],
  },
  {
    name: 'Assetto Corsa Competizione',
    platforms: ['PC', 'XBOX', 'PLAYSTATION'],
    crossPlay: [{ name: 'Consoles', platforms: ['XBOX', 'PLAYSTATION'] }],
    tracks: [
      { name: 'Monza', country: 'IT', variants: [['Grand Prix', 5793]] },
      { name: 'Zandvoort', country: 'NL', variants: [['Grand Prix', 4259]] },
      { name: 'Imola', country: 'IT', variants: [['Grand Prix', 4909]] },
      { name: 'Kyalami', country: 'ZA', variants: [['Grand Prix', 4522]] },
      { name: 'Mount Panorama', country: 'AU', variants: [['Bathurst', 6213]] },
      { name: 'Spa-Francorchamps', country: 'BE', variants: [['Grand Prix', 7004]] },
      { name: 'Silverstone', country: 'GB', variants: [['Grand Prix', 5891]] },
      { name: 'Barcelona', country: 'ES', variants: [['Grand Prix', 4657]] },
    ],
    cars: [
      ['Ferrari 296 GT3', 'GT3'],
      ['Lamborghini Huracán GT3 EVO2', 'GT3'],
      ['Aston Martin Vantage AMR GT4', 'GT4'],
      ['Porsche 992 GT3 Cup', 'Cup'],
    ],
  },
];

type Driver = 'admin' | 'organizer' | 'steward' | 'captain' | 'driver';

interface EventSeed {
  name: string;
  game: string;
  /** Days from the seeding day, at 19:00 UTC. */
  inDays: number;
  platforms: Platform[];
  seats: number;
  style?: CompetitionStyle;
  tuning?: CarTuningRule;
  upgrades?: CarUpgradeRule;
  assessment?: boolean;
  published?: boolean;
  stewarded?: boolean;
  video?: string;
  /** Race events: [track, variant, qualify minutes or 0, races as [type, laps, minutes]]. */
  raceEvents: [string, string, number, [RaceEventType, number | null, number | null][]][];
  attendance?: Driver[];
  teamEntries?: Driver[];
}

const EVENTS: EventSeed[] = [
  {
    name: 'Spa 2 Hours',
    game: 'Assetto Corsa Competizione',
    inDays: -24,
    platforms: ['PC', 'XBOX', 'PLAYSTATION'],
    seats: 24,
    stewarded: true,
    video: 'aqz-KE-bpKQ',
    raceEvents: [['Mount Panorama', 'Bathurst', 15, [['ENDURANCE', null, 120]]]],
    attendance: ['admin', 'organizer', 'driver', 'captain'],
  },
  {
    name: 'Suzuka Night Race',
    game: 'Forza Motorsport',
    inDays: -17,
    platforms: ['PC', 'XBOX'],
    seats: 20,
    video: 'dQw4w9WgXcQ',
    raceEvents: [['Suzuka', 'Full Circuit', 10, [['RACE', 15, null]]]],
    attendance: ['driver', 'captain', 'organizer'],
  },
  {
    name: 'Assessment race #11',
    game: 'Assetto Corsa Competizione',
    inDays: -12,
    platforms: ['PC', 'XBOX', 'PLAYSTATION'],
    seats: 30,
    assessment: true,
    raceEvents: [['Monza', 'Grand Prix', 0, [['RACE', 10, null]]]],
    attendance: ['captain', 'driver'],
  },
  {
    name: 'Silverstone Classic',
    game: 'Forza Motorsport',
    inDays: -10,
    platforms: ['PC', 'XBOX'],
    seats: 20,
    video: 'ScMzIvxBSi4',
    raceEvents: [
      [
        'Silverstone',
        'Grand Prix',
        10,
        [
          ['SPRINT', 8, null],
          ['FEATURE', 16, null],
        ],
      ],
    ],
    attendance: ['driver', 'steward', 'captain'],
  },
  {
    name: 'Season Opener',
    game: 'Gran Turismo 7',
    inDays: -3,
    platforms: ['PLAYSTATION'],
    seats: 16,
    stewarded: true,
    video: 'jNQXAC9IVRw',
    raceEvents: [['Brands Hatch', 'Grand Prix', 10, [['RACE', 20, null]]]],
    attendance: ['steward', 'admin'],
  },
  {
    name: 'Assessment race #12',
    game: 'Assetto Corsa Competizione',
    inDays: 2,
    platforms: ['PC', 'XBOX', 'PLAYSTATION'],
    seats: 30,
    assessment: true,
    raceEvents: [['Zandvoort', 'Grand Prix', 0, [['RACE', 10, null]]]],
    attendance: ['driver'],
  },
  {
    name: 'Mazda Cup Shootout',
    game: 'Forza Motorsport',
    inDays: 3,
    platforms: ['PC', 'XBOX'],
    seats: 3,
    tuning: 'DISALLOWED',
    upgrades: 'DISALLOWED',
    raceEvents: [
      [
        'Road Atlanta',
        'Full Circuit',
        8,
        [
          ['SPRINT', 6, null],
          ['RACE', 12, null],
        ],
      ],
    ],
    attendance: ['organizer', 'driver', 'captain'],
  },
  {
    name: 'Friday Night GT3',
    game: 'Forza Motorsport',
    inDays: 5,
    platforms: ['PC', 'XBOX'],
    seats: 20,
    stewarded: true,
    raceEvents: [['Spa-Francorchamps', 'Full Circuit', 10, [['RACE', null, 40]]]],
    attendance: ['driver', 'captain', 'steward'],
  },
  {
    name: 'Triple Header',
    game: 'Assetto Corsa Competizione',
    inDays: 7,
    platforms: ['PC'],
    seats: 26,
    stewarded: true,
    raceEvents: [
      ['Imola', 'Grand Prix', 10, [['SPRINT', null, 20]]],
      ['Kyalami', 'Grand Prix', 0, [['SPRINT', null, 20]]],
      ['Monza', 'Grand Prix', 0, [['FEATURE', null, 40]]],
    ],
    attendance: ['organizer'],
  },
  {
    name: 'Sprint & Feature Double',
    game: 'Gran Turismo 7',
    inDays: 9,
    platforms: ['PLAYSTATION'],
    seats: 16,
    upgrades: 'HOMOLOGATED',
    raceEvents: [
      [
        'Interlagos',
        'Full Course',
        10,
        [
          ['SPRINT', 10, null],
          ['FEATURE', 20, null],
        ],
      ],
    ],
    attendance: ['steward'],
  },
  {
    name: 'Team Relay Night',
    game: 'Assetto Corsa Competizione',
    inDays: 12,
    platforms: ['PC', 'XBOX', 'PLAYSTATION'],
    seats: 30,
    style: 'TEAM',
    raceEvents: [['Mount Panorama', 'Bathurst', 15, [['ENDURANCE', null, 90]]]],
    teamEntries: ['captain'],
  },
  {
    name: 'Nordschleife Endurance',
    game: 'Gran Turismo 7',
    inDays: 16,
    platforms: ['PLAYSTATION'],
    seats: 20,
    stewarded: true,
    raceEvents: [['Nürburgring', 'Nordschleife', 0, [['ENDURANCE', 6, null]]]],
  },
  {
    name: 'Kyalami test session',
    game: 'Assetto Corsa Competizione',
    inDays: 20,
    platforms: ['PC'],
    seats: 12,
    published: false,
    raceEvents: [['Kyalami', 'Grand Prix', 0, [['PRACTICE', null, 30]]]],
  },
  {
    name: 'League vs League: Mugello',
    game: 'Forza Motorsport',
    inDays: 23,
    platforms: ['PC', 'XBOX'],
    seats: 24,
    style: 'LVL',
    stewarded: true,
    raceEvents: [['Mugello', 'Full Circuit', 12, [['RACE', 18, null]]]],
  },
];

export function atSevenPm(inDays: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + inDays);
  date.setUTCHours(19, 0, 0, 0);
  return date;
}

/** The catalogue the demo league was seeded with, for the series that race on it: games by name, track variants by `game/track/variant`. */
export interface DemoCatalogue {
  games: Map<string, Game>;
  variants: Map<string, TrackVariant>;
}

export function seedDemoLeague(em: EntityManager, profiles: Map<string, DriverProfile>, team: Team): DemoCatalogue {
  const variants = new Map<string, TrackVariant>();
  const games = new Map<string, Game>();
  for (const seed of GAMES) {
    const game = em.create(Game, { name: seed.name, platforms: seed.platforms, crossPlayPlatforms: seed.crossPlay });
    games.set(seed.name, game);
    for (const { name, country, variants: layouts } of seed.tracks) {
      const track = em.create(Track, { game, name, country });
      for (const [variant, lengthMeters] of layouts) variants.set(`${seed.name}/${name}/${variant}`, em.create(TrackVariant, { track, name: variant, lengthMeters }));
    }
    for (const [name, carClass] of seed.cars) em.create(Car, { game, name, carClass });
  }

  for (const seed of EVENTS) {
    const published = seed.published ?? true;
    const event = em.create(LeagueEvent, {
      name: seed.name,
      startsAt: atSevenPm(seed.inDays),
      assessment: seed.assessment ?? false,
      game: games.get(seed.game)!,
      platforms: seed.platforms,
      seats: seed.seats,
      competitionStyle: seed.style ?? 'SOLO',
      carTuningRule: seed.tuning ?? 'ALLOWED',
      carUpgradeRule: seed.upgrades ?? 'ALLOWED',
      stewarded: seed.stewarded ?? false,
      leaderboardsEnabled: true,
      youtubeVideoId: seed.video ?? null,
      published,
      publishedAt: published ? atSevenPm(Math.min(seed.inDays, 0) - 7) : null,
    });
    seed.raceEvents.forEach(([track, variant, qualifyMinutes, races], position) => {
      const trackVariant = variants.get(`${seed.game}/${track}/${variant}`)!;
      const raceEvent = em.create(RaceEvent, {
        event,
        position,
        trackVariant,
        qualifyEnabled: qualifyMinutes > 0,
        qualifyTrackVariant: qualifyMinutes > 0 ? trackVariant : null,
        qualifyLengthMinutes: qualifyMinutes > 0 ? qualifyMinutes : null,
      });
      races.forEach(([raceEventType, laps, lengthMinutes], index) => em.create(Race, { raceEvent, position: index, raceEventType, laps, lengthMinutes }));
    });
    // The seats_taken counter follows these rows by the database's trigger.
    for (const driver of seed.attendance ?? []) em.create(EventAttendance, { event, profile: profiles.get(driver)! });
    for (const driver of seed.teamEntries ?? []) em.create(EventAttendance, { event, profile: profiles.get(driver)!, team });
  }
  return { games, variants };
}
