import type { AttendeeDto, EventDetailsDto, EventDto, TrackRef } from '../types.js';

export const SPA: TrackRef = { id: 3, trackId: 2, trackName: 'Spa-Francorchamps', name: 'Full Circuit', country: 'BE', lengthMeters: 7004, icon: null };

/** A believable published event for tests; override what the test is about. */
export function eventFixture(overrides: Partial<EventDto> = {}): EventDto {
  return {
    id: 1,
    name: 'Friday Night GT3',
    date: '2026-12-04T19:00:00.000Z',
    assessmentEvent: false,
    published: true,
    season: null,
    game: { id: 1, name: 'Forza Motorsport', icon: null, platforms: ['PC', 'XBOX'], crossPlayPlatforms: [{ name: 'Xbox & PC', platforms: ['PC', 'XBOX'] }] },
    platforms: ['PC', 'XBOX'],
    seats: 20,
    competitionStyle: 'SOLO',
    carTuningRule: 'ALLOWED',
    carUpgradeRule: 'DISALLOWED',
    stewarded: true,
    leaderboardsEnabled: false,
    teamSizeMin: 1,
    teamSizeMax: 4,
    lineupLockMinutes: 0,
    youtubeUrl: null,
    icon: null,
    raceEvents: [
      {
        id: 1,
        track: SPA,
        externalTrackName: null,
        qualifyEnabled: true,
        qualify: { track: SPA, laps: null, length: 10 },
        races: [{ id: 1, raceEventType: 'RACE', track: null, laps: 12, length: null }],
      },
    ],
    attendanceCount: 2,
    seatsLeft: 18,
    live: false,
    ...overrides,
  };
}

export const ATTENDEES: AttendeeDto[] = [
  { profileId: 2, driverNumber: 7, driverName: '[ 7 ] - OllyOnXbox', team: null },
  { profileId: 5, driverNumber: 77, driverName: '[ 77 ] - DaniDrives', team: { id: 1, name: 'Apex' } },
];

export function detailsFixture(overrides: Partial<EventDetailsDto> = {}): EventDetailsDto {
  return { ...eventFixture(overrides), attendance: ATTENDEES, ...overrides };
}
