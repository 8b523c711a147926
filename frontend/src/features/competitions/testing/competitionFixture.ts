import { POINTS_PRESETS } from '@paddock/contracts/competitions.js';
import type { CompetitionDto, DriverStandingDto, PointsSystem, RaceResultDto, SeasonDto, SeasonRaceDto, StandingsDto, TeamStandingDto } from '../types.js';

export const F1_SYSTEM: PointsSystem = {
  preset: 'F1',
  tables: { RACE: [...POINTS_PRESETS.F1] },
  bonuses: { pole: 0, fastestLap: 1, onlyInsideTop: 10 },
  minimumDistancePercent: 75,
  countBestRounds: null,
  neverDropLastRounds: 0,
  noShowPenalty: 0,
  dnfScores: false,
  teamBestDrivers: null,
};

export const RED = { id: 3, name: 'Red Arrows', colour: '#d32f2f' };
export const BLUE = { id: 4, name: 'Blue Flags', colour: '#1976d2' };

export function competitionFixture(overrides: Partial<CompetitionDto> = {}): CompetitionDto {
  return {
    id: 2,
    name: 'GT Cup',
    description: 'Eight rounds of GT3',
    style: 'TEAM',
    icon: null,
    banner: null,
    current: true,
    group: { id: 1, name: 'Weekly series' },
    game: { id: 1, name: 'Forza Motorsport', icon: null },
    platforms: ['PC', 'XBOX'],
    currentSeason: { id: 4, name: 'Season 5' },
    leaderboardsEnabled: true,
    seasons: [
      { id: 3, name: 'Season 4', rounds: 8, roundsWithResults: 8 },
      { id: 4, name: 'Season 5', rounds: 3, roundsWithResults: 2 },
    ],
    ...overrides,
  };
}

export function seasonFixture(overrides: Partial<SeasonDto> = {}): SeasonDto {
  const { seasons: _seasons, ...competition } = competitionFixture();
  const race = (id: number, hasResults: boolean): SeasonRaceDto => ({ id, position: 1, raceEventType: 'RACE', laps: 20, lengthMinutes: null, hasResults });
  return {
    id: 4,
    name: 'Season 5',
    rules: null,
    competition,
    pointsSystem: F1_SYSTEM,
    events: [
      {
        id: 31,
        name: 'Round at Spa',
        date: '2026-10-02T19:00:00.000Z',
        round: 1,
        published: true,
        raceEvents: [{ id: 311, position: 1, trackName: 'Spa', races: [race(3111, true)] }],
      },
      {
        id: 32,
        name: 'Round at Monza',
        date: '2026-10-09T19:00:00.000Z',
        round: 2,
        published: true,
        raceEvents: [{ id: 321, position: 1, trackName: 'Monza', races: [race(3211, true)] }],
      },
      {
        id: 33,
        name: 'Round at Imola',
        date: '2026-10-16T19:00:00.000Z',
        round: 3,
        published: true,
        raceEvents: [{ id: 331, position: 1, trackName: 'Imola', races: [race(3311, false)] }],
      },
    ],
    ...overrides,
  };
}

export function driverStanding(id: number, name: string, points: number, rounds: DriverStandingDto['rounds'], extra: Partial<DriverStandingDto> = {}): DriverStandingDto {
  return {
    position: 1,
    profile: { id, driverName: `[ ${id} ] - ${name}`, driverNumber: id, country: null },
    team: RED,
    points,
    rounds,
    wins: 0,
    podiums: 0,
    penaltyPoints: 0,
    ...extra,
  };
}

export function teamStanding(team: typeof RED, points: number, position = 1): TeamStandingDto {
  return { position, team, points, rounds: [{ eventId: 31, points }] };
}

export function standingsFixture(overrides: Partial<StandingsDto> = {}): StandingsDto {
  return {
    seasonId: 4,
    version: 7,
    unpublishedEventIds: [],
    drivers: [
      driverStanding(
        7,
        'Speedy',
        43,
        [
          { eventId: 31, points: 25, dropped: false },
          { eventId: 32, points: 18, dropped: false },
          { eventId: 33, points: null, dropped: false },
        ],
        { position: 1, wins: 1, podiums: 2 },
      ),
      driverStanding(
        8,
        'Slow',
        33,
        [
          { eventId: 31, points: 6, dropped: true },
          { eventId: 32, points: 25, dropped: false },
          { eventId: 33, points: null, dropped: false },
        ],
        { position: 2, team: BLUE, wins: 1, podiums: 1 },
      ),
    ],
    teams: [teamStanding(RED, 43, 1), teamStanding(BLUE, 31, 2)],
    ...overrides,
  };
}

/** A league driver's line (`profileId` null: a guest's, shown by `driverName`). */
export function resultLine(profileId: number | null, driverName: string, position: number, extra: Partial<RaceResultDto> = {}): RaceResultDto {
  return {
    profileId,
    driverName,
    driverNumber: profileId,
    guest: profileId === null,
    coDrivers: [],
    penaltyMs: null,
    reason: null,
    drivingTimeMs: null,
    teamId: null,
    teamName: null,
    position,
    status: 'FINISHED',
    laps: 20,
    totalTimeMs: 1_800_000 + position * 1000,
    bestLapMs: 88_000,
    pole: false,
    fastestLap: false,
    points: 0,
    ...extra,
  };
}
