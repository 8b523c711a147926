import { describe, expect, it } from '@jest/globals';
import { POINTS_PRESETS, type PointsSystem } from '../../../contracts/competitions.js';
import type { RaceEventType } from '../../../contracts/events.js';
import type { SeasonRound } from '../../events/index.js';
import { projectSeason, roundsOf, type SeasonData } from './season-projection.js';
import type { ScoredLine } from './standings.js';

const F1 = [...POINTS_PRESETS.F1];
const NOW = new Date('2026-11-26T21:00:00Z');

function pointsSystem(overrides: Partial<PointsSystem> = {}): PointsSystem {
  return {
    preset: 'F1',
    tables: { RACE: F1 },
    bonuses: { pole: 0, fastestLap: 0, onlyInsideTop: null },
    minimumDistancePercent: 0,
    countBestRounds: null,
    neverDropLastRounds: 0,
    noShowPenalty: 0,
    dnfScores: false,
    teamBestDrivers: null,
    ...overrides,
  };
}

/** A round (event `eventId`) of one race `raceId`, started at `startsAt`. */
function round(eventId: number, raceId: number, startsAt: Date, raceEventType: RaceEventType = 'RACE'): SeasonRound {
  return {
    eventId,
    name: `Round ${eventId}`,
    startsAt,
    published: true,
    raceEvents: [{ id: eventId * 10, position: 1, trackName: null, races: [{ raceId, position: 1, raceEventType, laps: 10, lengthMinutes: null }] }],
  };
}

/** Lines for drivers in finishing order, 10 laps each. */
const finishing = (...profileIds: (number | null)[]): ScoredLine[] =>
  profileIds.map((profileId, index) => ({ profileId, teamId: null, position: index + 1, status: 'FINISHED', laps: 10, pole: false, fastestLap: false }));

/**
 * Two rounds: round 1 (race 11) raced, 1 won ahead of 2 and 3; round 2 (race 21) is the live one, with no
 * results stored yet. Standings now: 1 (25), 2 (18), 3 (15).
 */
function season(overrides: Partial<SeasonData> = {}): SeasonData {
  return {
    seasonId: 5,
    version: 3,
    pointsSystem: pointsSystem(),
    events: [round(1, 11, new Date('2026-11-19T20:00:00Z')), round(2, 21, new Date('2026-11-26T20:00:00Z'))],
    revisionOfRace: new Map([[11, 901]]),
    linesOfRevision: new Map([[901, finishing(1, 2, 3)]]),
    poleSitterOf: new Map(),
    signedUp: [],
    penalties: [],
    ...overrides,
  };
}

describe('the standings if the live race ended now', () => {
  it('adds the live race in its round, in season order, and leaves the stored rounds as they are', () => {
    const rounds = roundsOf(season(), NOW, { raceId: 21, lines: finishing(3, 2, 1) });
    expect(rounds.map((scored) => [scored.eventId, scored.races.map((race) => [race.raceId, race.lines.map((line) => line.profileId)])])).toEqual([
      [1, [[11, [1, 2, 3]]]],
      [2, [[21, [3, 2, 1]]]],
    ]);
    expect(roundsOf(season(), NOW).map((scored) => scored.eventId)).toEqual([1]);
  });

  it('gives each driver the points the live order pays, beside their place and points now', () => {
    expect(projectSeason(season(), NOW, { raceId: 21, lines: finishing(3, 2, 1) })).toEqual([
      { profileId: 3, position: 1, currentPosition: 3, points: 15, projectedPoints: 40 },
      { profileId: 1, position: 2, currentPosition: 1, points: 25, projectedPoints: 40 },
      { profileId: 2, position: 3, currentPosition: 2, points: 18, projectedPoints: 36 },
    ]);
  });

  it('follows the order as it changes', () => {
    const before = projectSeason(season(), NOW, { raceId: 21, lines: finishing(2, 1, 3) });
    const after = projectSeason(season(), NOW, { raceId: 21, lines: finishing(1, 2, 3) });
    expect(before.map((row) => [row.profileId, row.projectedPoints])).toEqual([
      [2, 43],
      [1, 43],
      [3, 30],
    ]);
    expect(after.map((row) => [row.profileId, row.projectedPoints])).toEqual([
      [1, 50],
      [2, 36],
      [3, 30],
    ]);
  });

  it('replaces results the live race has stored already, never counting it twice', () => {
    const data = season({
      revisionOfRace: new Map([
        [11, 901],
        [21, 902],
      ]),
      linesOfRevision: new Map([
        [901, finishing(1, 2, 3)],
        [902, finishing(1, 2, 3)],
      ]),
    });
    expect(projectSeason(data, NOW, { raceId: 21, lines: finishing(3, 2, 1) }).map((row) => [row.profileId, row.points, row.projectedPoints])).toEqual([
      [3, 30, 40],
      [1, 50, 40],
      [2, 36, 36],
    ]);
  });

  it("scores by the season's own rules: bonuses, minimum distance, guests and drivers new to the standings", () => {
    const data = season({ pointsSystem: pointsSystem({ bonuses: { pole: 0, fastestLap: 1, onlyInsideTop: 10 }, minimumDistancePercent: 90 }) });
    const lines = finishing(null, 4, 2, 1).map((line) => (line.profileId === 4 ? { ...line, fastestLap: true } : line.profileId === 1 ? { ...line, laps: 5 } : line));
    expect(projectSeason(data, NOW, { raceId: 21, lines })).toEqual([
      // The guest's P1 pays nobody; 4 is new to the standings with P2 and the fastest lap; 1 is short of 90% of the distance.
      { profileId: 2, position: 1, currentPosition: 2, points: 18, projectedPoints: 33 },
      { profileId: 1, position: 2, currentPosition: 1, points: 25, projectedPoints: 25 },
      { profileId: 4, position: 3, currentPosition: null, points: 0, projectedPoints: 19 },
      { profileId: 3, position: 4, currentPosition: 3, points: 15, projectedPoints: 15 },
    ]);
  });

  it('counts the drivers signed up for the live round but missing from its order as no-shows', () => {
    const data = season({ pointsSystem: pointsSystem({ noShowPenalty: 5 }), signedUp: [{ eventId: 2, profileId: 3 }] });
    expect(projectSeason(data, NOW, { raceId: 21, lines: finishing(1, 2) }).find((row) => row.profileId === 3)).toEqual({
      profileId: 3,
      position: 3,
      currentPosition: 3,
      points: 15,
      projectedPoints: 10,
    });
  });

  it('projects nothing new for a practice: only scored races count', () => {
    const data = season({ events: [round(1, 11, new Date('2026-11-19T20:00:00Z')), round(2, 21, new Date('2026-11-26T20:00:00Z'), 'PRACTICE')] });
    expect(projectSeason(data, NOW, { raceId: 21, lines: finishing(3, 2, 1) }).map((row) => [row.profileId, row.points, row.projectedPoints])).toEqual([
      [1, 25, 25],
      [2, 18, 18],
      [3, 15, 15],
    ]);
  });
});
