import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../common/principal.js';
import type { Platform } from '../contracts/catalogue.js';
import { POINTS_PRESETS, type CompetitionStyle, type PointsSystem, type RaceResultLine } from '../contracts/competitions.js';
import type { RaceEventType } from '../contracts/events.js';
import { isProfileComplete } from '../contracts/profiles.js';
import { roleFlags } from '../contracts/roles.js';
import { Competition, CompetitionGroup, Season } from '../modules/competitions/competition.entities.js';
import { ResultsService } from '../modules/competitions/results.service.js';
import { StandingsService } from '../modules/competitions/standings.service.js';
import { EventAttendance, LeagueEvent, Race, RaceEvent } from '../modules/events/event.entities.js';
import { DriverProfile } from '../modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../modules/teams/team.entity.js';
import { User } from '../modules/users/user.entity.js';
import { atSevenPm, type DemoCatalogue } from './demo-league.js';
import { seededRandom } from '../common/seeded-random.js';

/**
 * The series side of the demo league: one current group with a SOLO and a TEAM competition, each in a
 * season of 8 weekly rounds around the seeding day — 5 raced, with results saved through the results
 * service as the API saves them (a revision per race, ResultPosted), and 3 to come, which `driver` and
 * `captain` are signed up for. A grid of 24 more drivers (in 5 more teams) fills the fields. The
 * results are made up by a seeded random draw, so every seeding gives the same standings.
 */

/** A driver of the demo grid: no Discord account of the stand-in, so nobody signs in as them. */
interface GridDriver {
  gamertag: string;
  name: string;
  driverNumber: number;
  country: string;
  timeZone: string;
  platforms: Platform[];
}

const GRID: GridDriver[] = [
  { gamertag: 'VogtSpeed', name: 'Lena Vogt', driverNumber: 3, country: 'DE', timeZone: 'Europe/Berlin', platforms: ['PC'] },
  { gamertag: 'Bellissimo', name: 'Marco Bellini', driverNumber: 5, country: 'IT', timeZone: 'Europe/Rome', platforms: ['PC', 'XBOX'] },
  { gamertag: 'LindyLaps', name: 'Sofia Lindqvist', driverNumber: 8, country: 'SE', timeZone: 'Europe/Stockholm', platforms: ['PC'] },
  { gamertag: 'OkaforGT', name: 'Tom Okafor', driverNumber: 11, country: 'GB', timeZone: 'Europe/London', platforms: ['PC'] },
  { gamertag: 'YukiDrift', name: 'Yuki Tanaka', driverNumber: 14, country: 'JP', timeZone: 'Asia/Tokyo', platforms: ['PC', 'XBOX'] },
  { gamertag: 'PierreLeMans', name: 'Pierre Lambert', driverNumber: 16, country: 'FR', timeZone: 'Europe/Paris', platforms: ['PC'] },
  { gamertag: 'AnaApex', name: 'Ana Ribeiro', driverNumber: 19, country: 'PT', timeZone: 'Europe/Lisbon', platforms: ['PC'] },
  { gamertag: 'NowakNitro', name: 'Jakub Nowak', driverNumber: 22, country: 'PL', timeZone: 'Europe/Warsaw', platforms: ['PC', 'XBOX'] },
  { gamertag: 'DutchDelta', name: 'Emma de Vries', driverNumber: 23, country: 'NL', timeZone: 'Europe/Amsterdam', platforms: ['PC'] },
  { gamertag: 'LiamLateBrake', name: "Liam O'Connor", driverNumber: 27, country: 'IE', timeZone: 'Europe/Dublin', platforms: ['PC'] },
  { gamertag: 'MateoMotor', name: 'Mateo García', driverNumber: 31, country: 'ES', timeZone: 'Europe/Madrid', platforms: ['PC', 'XBOX'] },
  { gamertag: 'FischerFlat', name: 'Noah Fischer', driverNumber: 33, country: 'AT', timeZone: 'Europe/Vienna', platforms: ['PC'] },
  { gamertag: 'ChloeChicane', name: 'Chloé Martin', driverNumber: 38, country: 'BE', timeZone: 'Europe/Brussels', platforms: ['PC'] },
  { gamertag: 'OskarOvertake', name: 'Oskar Nilsen', driverNumber: 46, country: 'NO', timeZone: 'Europe/Oslo', platforms: ['PC', 'XBOX'] },
  { gamertag: 'BellaRossa', name: 'Isabella Rossi', driverNumber: 51, country: 'IT', timeZone: 'Europe/Rome', platforms: ['PC'] },
  { gamertag: 'BrooksBoost', name: 'Ethan Brooks', driverNumber: 55, country: 'US', timeZone: 'America/Chicago', platforms: ['PC', 'XBOX'] },
  { gamertag: 'AaravApexHunter', name: 'Aarav Shah', driverNumber: 63, country: 'IN', timeZone: 'Asia/Kolkata', platforms: ['PC'] },
  { gamertag: 'ZoeZoom', name: 'Zoe Campbell', driverNumber: 66, country: 'AU', timeZone: 'Australia/Sydney', platforms: ['PC'] },
  { gamertag: 'SilvaSlipstream', name: 'Lucas Silva', driverNumber: 71, country: 'BR', timeZone: 'America/Sao_Paulo', platforms: ['PC', 'XBOX'] },
  { gamertag: 'MiaKerbs', name: 'Mia Kowalski', driverNumber: 81, country: 'PL', timeZone: 'Europe/Warsaw', platforms: ['PC'] },
  { gamertag: 'WagnerWing', name: 'Felix Wagner', driverNumber: 88, country: 'CH', timeZone: 'Europe/Zurich', platforms: ['PC'] },
  { gamertag: 'HanaHotlap', name: 'Hana Novak', driverNumber: 93, country: 'CZ', timeZone: 'Europe/Prague', platforms: ['PC', 'XBOX'] },
  { gamertag: 'TorresTurbo', name: 'Diego Torres', driverNumber: 96, country: 'MX', timeZone: 'America/Mexico_City', platforms: ['PC'] },
  { gamertag: 'NinaNightRace', name: 'Nina Petrova', driverNumber: 99, country: 'BG', timeZone: 'Europe/Sofia', platforms: ['PC'] },
];

/** The five more teams of the TEAM series: a captain and three drivers each, from GRID by index. */
const GRID_TEAMS: { name: string; tag: string; colour: string; drivers: number[] }[] = [
  { name: 'Apex Predators', tag: 'APX', colour: '#d32f2f', drivers: [3, 4, 5, 6] },
  { name: 'Blue Flag Motorsport', tag: 'BFM', colour: '#1976d2', drivers: [7, 8, 9, 10] },
  { name: 'Kerb Crawlers', tag: 'KRB', colour: '#388e3c', drivers: [11, 12, 13, 14] },
  { name: 'Slipstream Syndicate', tag: 'SLS', colour: '#f57c00', drivers: [15, 16, 17, 18] },
  { name: 'Midnight Garage', tag: 'MNG', colour: '#455a64', drivers: [19, 20, 21, 22] },
];
/** Who joins the captain in the demo team (Purple Haze Racing), from GRID by index. */
const DEMO_TEAM_DRIVERS = [0, 1, 2];

export const DEMO_GROUP = 'GT World Series';

type Member = 'admin' | 'organizer' | 'captain' | 'driver';

interface SeriesSeed {
  name: string;
  description: string;
  style: CompetitionStyle;
  game: string;
  platforms: Platform[];
  season: string;
  rules: string;
  pointsSystem: PointsSystem;
  /** Rounds on the weekday this many days after the seeding day's week starts: round 6 is the first upcoming. */
  dayOfWeek: number;
  /** Each round's track (`track/variant` of the game), in order. */
  tracks: string[];
  qualifyMinutes: number;
  /** The races of each round: type, laps, minutes. */
  races: [RaceEventType, number | null, number | null][];
  /** Demo members on the grid (SOLO: each for themselves; TEAM: the captain with the demo team). */
  members: Member[];
}

const F1_SPRINT_CUP: PointsSystem = {
  preset: 'F1',
  tables: { RACE: [...POINTS_PRESETS.F1], SPRINT: [...POINTS_PRESETS.SPRINT] },
  bonuses: { pole: 1, fastestLap: 1, onlyInsideTop: 10 },
  minimumDistancePercent: 75,
  countBestRounds: 7,
  neverDropLastRounds: 1,
  noShowPenalty: 5,
  dnfScores: false,
  teamBestDrivers: null,
};

const ENDURANCE_TEAMS: PointsSystem = {
  preset: 'SPREAD',
  tables: { RACE: [...POINTS_PRESETS.SPREAD] },
  bonuses: { pole: 1, fastestLap: 0, onlyInsideTop: null },
  minimumDistancePercent: 50,
  countBestRounds: null,
  neverDropLastRounds: 0,
  noShowPenalty: 0,
  dnfScores: true,
  teamBestDrivers: 3,
};

const SERIES: SeriesSeed[] = [
  {
    name: 'GT3 Sprint Cup',
    description: 'Two races a night in GT3 cars: a sprint for the grid, a feature for the points. Xbox and PC race together.',
    style: 'SOLO',
    game: 'Forza Motorsport',
    platforms: ['PC', 'XBOX'],
    season: 'Season 1',
    rules: 'Best 7 of 8 rounds count; the final always counts. 75 % of the winner’s laps to score. A no-show costs 5 points.',
    pointsSystem: F1_SPRINT_CUP,
    // Round 5 raced last night: incidents can still be reported (filing is open 1 h to 48 h after a race).
    dayOfWeek: 6,
    tracks: [
      'Silverstone/Grand Prix',
      'Suzuka/Full Circuit',
      'Road Atlanta/Full Circuit',
      'Spa-Francorchamps/Full Circuit',
      'Mugello/Full Circuit',
      'Watkins Glen/Full Circuit',
      'Laguna Seca/Full Circuit',
      'Hockenheim/Full Circuit',
    ],
    qualifyMinutes: 10,
    races: [
      ['SPRINT', 10, null],
      ['FEATURE', 20, null],
    ],
    // Not the admin nor the organizer: they steward, and a steward who raced cannot vote on the race's tickets.
    members: ['captain', 'driver'],
  },
  {
    name: 'Endurance Team Trophy',
    description: 'One-hour races for teams of up to four: the best three drivers of each team score.',
    style: 'TEAM',
    game: 'Assetto Corsa Competizione',
    platforms: ['PC'],
    season: 'Season 1',
    rules: 'Every round counts. Half the winner’s laps to score; a DNF past that still scores.',
    pointsSystem: ENDURANCE_TEAMS,
    dayOfWeek: 4,
    tracks: [
      'Monza/Grand Prix',
      'Spa-Francorchamps/Grand Prix',
      'Zandvoort/Grand Prix',
      'Mount Panorama/Bathurst',
      'Imola/Grand Prix',
      'Silverstone/Grand Prix',
      'Kyalami/Grand Prix',
      'Barcelona/Grand Prix',
    ],
    qualifyMinutes: 15,
    races: [['ENDURANCE', null, 60]],
    members: ['captain'],
  },
];

const RACED_ROUNDS = 5;

/** A driver on a series' grid: their profile, team (TEAM series) and pace (lower is faster). */
interface Entrant {
  profile: DriverProfile;
  team: Team | null;
  pace: number;
}

/**
 * One race's classification: the field ordered by pace plus the night's luck; a few retire (DNF, with
 * fewer laps) or do not start (DNS); pole and fastest lap go to drivers near the front.
 */
function classify(field: Entrant[], laps: number, lapMs: number, random: () => number): RaceResultLine[] {
  const runs = field.map((entrant) => {
    const roll = random();
    const status = roll < 0.02 ? 'DNS' : roll < 0.08 ? 'DNF' : 'FINISHED';
    return { entrant, status, score: entrant.pace + random() * 10 } as const;
  });
  const order = { FINISHED: 0, DNF: 1, DNS: 2 } as const;
  runs.sort((a, b) => order[a.status] - order[b.status] || a.score - b.score);
  const finishers = runs.filter((run) => run.status === 'FINISHED').length;
  const pole = Math.floor(random() * Math.min(3, finishers));
  const fastest = Math.floor(random() * Math.min(5, finishers));
  let elapsed = laps * lapMs;
  return runs.map(({ entrant, status }, index) => {
    const base = { profileId: entrant.profile.id, teamId: entrant.team?.id ?? null, position: index + 1, pole: index === pole, fastestLap: index === fastest };
    if (status === 'DNS') return { ...base, status, laps: 0, totalTimeMs: null, bestLapMs: null };
    const bestLapMs = Math.round(lapMs * (0.985 + random() * 0.02));
    if (status === 'DNF') return { ...base, status, laps: Math.floor(laps * random() * 0.9), totalTimeMs: null, bestLapMs };
    elapsed += index === 0 ? 0 : Math.round(400 + random() * 3600);
    return { ...base, status, laps, totalTimeMs: elapsed, bestLapMs };
  });
}

/** Users and profiles of the demo accounts, by username. */
export interface DemoMembers {
  users: Map<string, User>;
  profiles: Map<string, DriverProfile>;
}

/**
 * Seeds the group, the two series and their seasons, the grid drivers and their teams, and the raced
 * rounds' results, in `em`'s transaction. The organizer is the results' author. The standings are
 * stored as the worker would store them, so they are there when the site starts.
 */
export async function seedDemoCompetitions(em: EntityManager, catalogue: DemoCatalogue, members: DemoMembers, demoTeam: Team): Promise<void> {
  const grid = GRID.map((seed, index) => {
    const user = em.create(User, { discordId: `12000000000000000${String(index + 1).padStart(2, '0')}`, username: seed.gamertag.toLowerCase(), globalName: seed.name });
    const profile = {
      driverNumber: seed.driverNumber,
      name: seed.name,
      steamUsername: seed.gamertag,
      country: seed.country,
      timeZone: seed.timeZone,
      platforms: seed.platforms,
    };
    return { user, profile: em.create(DriverProfile, { user, ...profile, profileCompleted: isProfileComplete(profile) }) };
  });
  const teamOf = new Map<DriverProfile, Team>();
  for (const index of DEMO_TEAM_DRIVERS) {
    em.create(TeamMember, { team: demoTeam, user: grid[index].user });
    teamOf.set(grid[index].profile, demoTeam);
  }
  teamOf.set(members.profiles.get('captain')!, demoTeam);
  for (const seed of GRID_TEAMS) {
    const team = em.create(Team, { name: seed.name, tag: seed.tag, colour: seed.colour, platforms: ['PC', 'XBOX'] });
    seed.drivers.forEach((index, place) => {
      em.create(TeamMember, { team, user: grid[index].user, captain: place === 0 });
      teamOf.set(grid[index].profile, team);
    });
  }

  const group = em.create(CompetitionGroup, { name: DEMO_GROUP, description: 'Our weekly championships: points, standings and a trophy at the end of every season.' });
  const raced: { season: Season; rounds: { event: LeagueEvent; races: { race: Race; laps: number; lapMs: number }[]; field: Entrant[] }[] }[] = [];
  const random = seededRandom(2026);

  for (const seed of SERIES) {
    const game = catalogue.games.get(seed.game)!;
    const competition = em.create(Competition, {
      group,
      name: seed.name,
      description: seed.description,
      style: seed.style,
      game,
      platforms: seed.platforms,
      current: true,
    });
    const season = em.create(Season, { competition, name: seed.season, rules: seed.rules, pointsSystem: seed.pointsSystem });
    // SOLO: the demo members and the last 20 of the grid, each for themselves; TEAM: the six teams' four drivers.
    const drivers = [
      ...seed.members.map((username) => members.profiles.get(username)!),
      ...(seed.style === 'TEAM' ? grid.slice(0, 23) : grid.slice(4)).map((driver) => driver.profile),
    ];
    // The demo members run in the upper midfield, so those who sign in find themselves among the points.
    const field: Entrant[] = drivers.map((profile, index) => ({
      profile,
      team: seed.style === 'TEAM' ? teamOf.get(profile)! : null,
      pace: index < seed.members.length ? 2 + index : (index * 7) % 11,
    }));
    const rounds: (typeof raced)[number]['rounds'] = [];
    seed.tracks.forEach((trackName, round) => {
      const variant = catalogue.variants.get(`${seed.game}/${trackName}`)!;
      const startsAt = atSevenPm(7 * (round - RACED_ROUNDS) + seed.dayOfWeek);
      const event = em.create(LeagueEvent, {
        name: `${seed.name} R${round + 1} – ${trackName.split('/')[0]}`,
        startsAt,
        game,
        platforms: seed.platforms,
        seats: 30,
        competitionStyle: seed.style,
        carTuningRule: 'ALLOWED',
        carUpgradeRule: 'ALLOWED',
        stewarded: true,
        leaderboardsEnabled: true,
        teamSizeMin: seed.style === 'TEAM' ? 2 : 1,
        teamSizeMax: 4,
        lineupLockMinutes: seed.style === 'TEAM' ? 60 : 0,
        season,
        published: true,
        publishedAt: atSevenPm(7 * (round - RACED_ROUNDS) - 14),
      });
      const raceEvent = em.create(RaceEvent, {
        event,
        position: 0,
        trackVariant: variant,
        qualifyEnabled: true,
        qualifyTrackVariant: variant,
        qualifyLengthMinutes: seed.qualifyMinutes,
      });
      // About 118 seconds for 5 km: the lap a GT3 car does.
      const lapMs = Math.round(variant.lengthMeters * 23.5);
      const races = seed.races.map(([raceEventType, laps, lengthMinutes], position) => ({
        race: em.create(Race, { raceEvent, position, raceEventType, laps, lengthMinutes }),
        laps: laps ?? Math.floor((lengthMinutes! * 60_000) / lapMs),
        lapMs,
      }));
      // Raced rounds: a few of the grid sat one out. Upcoming rounds: the members and most of the grid have signed up.
      const upcoming = round >= RACED_ROUNDS;
      const entered = field.filter((_entrant, index) => index < seed.members.length || random() > (upcoming ? 0.3 : 0.1));
      for (const entrant of entered) em.create(EventAttendance, { event, profile: entrant.profile, team: entrant.team });
      if (!upcoming) rounds.push({ event, races, field: entered });
    });
    raced.push({ season, rounds });
  }
  await em.flush();

  const organizer = members.users.get('organizer')!;
  const author: Principal = { userId: organizer.id, roles: organizer.roles, flags: roleFlags(organizer.roles), via: 'session' };
  const results = ResultsService.on(em);
  for (const { season, rounds } of raced) {
    for (const { event, races, field } of rounds) {
      for (const { race, laps, lapMs } of races) {
        const lines = classify(field, laps, lapMs, random);
        // Each save flushes what the entity manager holds: only this save's rows, not the whole seed.
        em.clear();
        await results.writeRevision(em, season, { seasonId: season.id, eventId: event.id, raceId: race.id }, lines, author, 'entered from the race server', (index, name) =>
          name ? `results.${index}.${name}` : `results.${index}`,
        );
      }
    }
  }
  // The standings as the worker stores them (it recomputes after these ResultPosted and finds them current).
  const standings = StandingsService.on(em);
  for (const { season } of raced) await standings.recompute(em, season.id);
}
