import { describe, expect, it } from '@jest/globals';
import { POINTS_PRESETS, type PointsSystem, type ResultStatus, type ScoredSession } from '../../../contracts/competitions.js';
import { computeStandings, type DriverStanding, type PointsPenalty, type ScoredLine, type ScoredRace, type ScoredRound, type SeasonStandings } from './standings.js';
import { seededRandom } from '../../../common/seeded-random.js';

const F1 = [...POINTS_PRESETS.F1];

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

function line(profileId: number, position: number, extra: Partial<ScoredLine> = {}): ScoredLine {
  return { profileId, teamId: null, position, status: 'FINISHED', laps: 20, pole: false, fastestLap: false, ...extra };
}

/** Lines for drivers in finishing order: `finishing(7, 3)` is 7 in P1, 3 in P2. */
function finishing(...profileIds: number[]): ScoredLine[] {
  return profileIds.map((profileId, index) => line(profileId, index + 1));
}

let nextRaceId = 1;
function race(lines: ScoredLine[], session: ScoredSession = 'RACE'): ScoredRace {
  return { raceId: nextRaceId++, session, lines };
}

function round(eventId: number, races: ScoredRace[], signedUp: number[] = []): ScoredRound {
  return { eventId, races, signedUp };
}

/** A season of one RACE per round. */
function season(...rounds: ScoredLine[][]): ScoredRound[] {
  return rounds.map((lines, index) => round(100 + index, [race(lines)]));
}

function driver(standings: SeasonStandings, profileId: number): DriverStanding {
  const found = standings.drivers.find((standing) => standing.profileId === profileId);
  if (!found) throw new Error(`driver ${profileId} is not in the standings`);
  return found;
}

function pointsOf(standings: SeasonStandings, profileId: number): number {
  return driver(standings, profileId).points;
}

function order(standings: SeasonStandings): [number, number][] {
  return standings.drivers.map((standing) => [standing.position, standing.profileId]);
}

describe('points tables', () => {
  it('pays the F1 table by position and 0 to positions beyond it', () => {
    const drivers = Array.from({ length: 12 }, (_, index) => index + 1);
    const standings = computeStandings(pointsSystem(), season(finishing(...drivers)), []);
    expect(drivers.map((profileId) => pointsOf(standings, profileId))).toEqual([25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0]);
    expect(order(standings).map(([position]) => position)).toEqual(drivers);
  });

  it('scores nothing in a kind of race that has no table', () => {
    const sprint = race(finishing(1, 2), 'SPRINT');
    const standings = computeStandings(pointsSystem({ bonuses: { pole: 3, fastestLap: 1, onlyInsideTop: null } }), [round(1, [sprint])], []);
    expect(standings.linePoints.get(sprint.raceId)).toEqual(
      new Map([
        [1, 0],
        [2, 0],
      ]),
    );
  });

  it('adds up qualifying, sprint and feature tables in one round; wins and podiums come from the feature race only', () => {
    const system = pointsSystem({ tables: { RACE: F1, SPRINT: [...POINTS_PRESETS.SPRINT], QUALIFYING: [3, 2, 1] } });
    const qualifying = race(finishing(1, 2, 3), 'QUALIFYING');
    const sprint = race(finishing(2, 1, 3), 'SPRINT');
    const feature = race(finishing(3, 1, 2), 'RACE');
    const standings = computeStandings(system, [round(1, [qualifying, sprint, feature])], []);
    expect(pointsOf(standings, 1)).toBe(3 + 7 + 18);
    expect(pointsOf(standings, 2)).toBe(2 + 8 + 15);
    expect(pointsOf(standings, 3)).toBe(1 + 6 + 25);
    expect(driver(standings, 2)).toMatchObject({ wins: 0, podiums: 1 });
    expect(driver(standings, 3)).toMatchObject({ wins: 1, podiums: 1, rounds: [{ eventId: 1, points: 32, dropped: false }] });
  });
});

describe('bonuses', () => {
  const bonuses = (onlyInsideTop: number | null) => pointsSystem({ bonuses: { pole: 3, fastestLap: 1, onlyInsideTop } });

  it('pays the pole bonus to the line flagged pole', () => {
    const lines = [line(1, 1), line(2, 2, { pole: true })];
    const standings = computeStandings(bonuses(null), season(lines), []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2)]).toEqual([25, 18 + 3]);
  });

  it('pays the fastest lap bonus to the line flagged fastest lap', () => {
    const lines = [line(1, 1), line(2, 2, { fastestLap: true })];
    const standings = computeStandings(bonuses(null), season(lines), []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2)]).toEqual([25, 18 + 1]);
  });

  it('pays a bonus to a finisher beyond the table when there is no top-N limit', () => {
    const lines = [...finishing(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), line(12, 12, { fastestLap: true, pole: true })];
    expect(pointsOf(computeStandings(bonuses(null), season(lines), []), 12)).toBe(4);
  });

  it('pays bonuses only inside the top N when onlyInsideTop is set (the boundary position included)', () => {
    const lines = [...finishing(1, 2, 3, 4, 5, 6, 7, 8, 9), line(10, 10, { pole: true }), line(11, 11, { fastestLap: true })];
    const standings = computeStandings(bonuses(10), season(lines), []);
    expect(pointsOf(standings, 10)).toBe(1 + 3);
    expect(pointsOf(standings, 11)).toBe(0);
  });

  it('pays the pole bonus to qualifying P1 even without a qualifying table, and then ignores pole flags on that round’s races', () => {
    const qualifying = race(finishing(2, 1), 'QUALIFYING');
    const feature = race([line(1, 1, { pole: true }), line(2, 2)]);
    const standings = computeStandings(bonuses(null), [round(1, [qualifying, feature])], []);
    expect(standings.linePoints.get(qualifying.raceId)).toEqual(
      new Map([
        [2, 3],
        [1, 0],
      ]),
    );
    expect(standings.linePoints.get(feature.raceId)).toEqual(
      new Map([
        [1, 25],
        [2, 18],
      ]),
    );
  });

  it('does not pay the fastest lap bonus in qualifying', () => {
    const qualifying = race([line(1, 1), line(2, 2, { fastestLap: true })], 'QUALIFYING');
    const standings = computeStandings(bonuses(null), [round(1, [qualifying])], []);
    expect(pointsOf(standings, 2)).toBe(0);
  });
});

describe('minimum distance', () => {
  const system = pointsSystem({ minimumDistancePercent: 75, bonuses: { pole: 0, fastestLap: 1, onlyInsideTop: null } });

  it('scores a line with at least the percent of the winner’s laps, and nothing (not even a bonus) below it', () => {
    const lines = [line(1, 1, { laps: 20 }), line(2, 2, { laps: 15 }), line(3, 3, { laps: 14, fastestLap: true })];
    const standings = computeStandings(system, season(lines), []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2), pointsOf(standings, 3)]).toEqual([25, 18, 0]);
  });

  it('measures against the FINISHED line with the most laps, not a disqualified one', () => {
    const lines = [line(9, 1, { laps: 40, status: 'DSQ' }), line(1, 2, { laps: 20 }), line(2, 3, { laps: 15 })];
    const standings = computeStandings(system, season(lines), []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2)]).toEqual([18, 15]);
  });

  it('does not apply to qualifying', () => {
    const qualifying = race([line(1, 1, { laps: 2 }), line(2, 2, { laps: 9 })], 'QUALIFYING');
    const standings = computeStandings(pointsSystem({ minimumDistancePercent: 75, tables: { QUALIFYING: [3, 2] } }), [round(1, [qualifying])], []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2)]).toEqual([3, 2]);
  });
});

describe('DNF, DNS and DSQ', () => {
  const dnf = (dnfScores: boolean) => pointsSystem({ dnfScores, minimumDistancePercent: 50, bonuses: { pole: 3, fastestLap: 1, onlyInsideTop: null } });
  const lines = () => [line(1, 1, { laps: 20 }), line(2, 2, { status: 'DNF', laps: 12, fastestLap: true }), line(3, 3, { status: 'DNF', laps: 9 })];

  it('a DNF scores its position and bonuses when dnfScores is on and it covered the minimum distance', () => {
    const standings = computeStandings(dnf(true), season(lines()), []);
    expect(pointsOf(standings, 2)).toBe(18 + 1);
    expect(driver(standings, 2).podiums).toBe(1);
  });

  it('a DNF short of the minimum distance scores nothing even when dnfScores is on', () => {
    expect(pointsOf(computeStandings(dnf(true), season(lines()), []), 3)).toBe(0);
  });

  it('a DNF scores nothing, bonus included, and is no podium when dnfScores is off', () => {
    const standings = computeStandings(dnf(false), season(lines()), []);
    expect(driver(standings, 2)).toMatchObject({ points: 0, podiums: 0 });
  });

  it('a DNS scores nothing, not even a flagged bonus, but took part in the round', () => {
    const lines = [line(1, 1), line(2, 2, { status: 'DNS', pole: true, laps: 0 })];
    const standings = computeStandings(dnf(true), season(lines), []);
    expect(driver(standings, 2)).toMatchObject({ points: 0, rounds: [{ eventId: 100, points: 0, dropped: false }] });
  });

  it('a DSQ scores nothing, gets no bonus, is no win or podium, and nobody moves up into its place', () => {
    const lines = [line(1, 1, { status: 'DSQ', pole: true, fastestLap: true }), line(2, 2), line(3, 3)];
    const standings = computeStandings(dnf(true), season(lines), []);
    expect(driver(standings, 1)).toMatchObject({ points: 0, wins: 0, podiums: 0 });
    expect(driver(standings, 2)).toMatchObject({ points: 18, wins: 0, podiums: 1 });
  });
});

describe('drop rounds', () => {
  const statuses = (standing: DriverStanding) => standing.rounds.map((entry) => [entry.points, entry.dropped]);

  it('counts only the best N rounds and flags the dropped ones', () => {
    const standings = computeStandings(pointsSystem({ countBestRounds: 2 }), season(finishing(9, 9, 1), finishing(1), finishing(9, 9, 9, 9, 1)), []);
    expect(driver(standings, 1).points).toBe(25 + 15);
    expect(statuses(driver(standings, 1))).toEqual([
      [15, false],
      [25, false],
      [10, true],
    ]);
  });

  it('never drops the last K rounds: they always count and the best of the others fill the remaining slots', () => {
    const rounds = season(finishing(1), finishing(9, 1), finishing(9, 9, 9, 9, 1), finishing(9, 9, 9, 9, 9, 9, 9, 1));
    const standings = computeStandings(pointsSystem({ countBestRounds: 2, neverDropLastRounds: 1 }), rounds, []);
    expect(driver(standings, 1).points).toBe(4 + 25);
    expect(statuses(driver(standings, 1))).toEqual([
      [25, false],
      [18, true],
      [10, true],
      [4, false],
    ]);
  });

  it('a last round the driver missed still takes a slot, as 0', () => {
    const rounds = season(finishing(1, 2), finishing(2, 1), finishing(2));
    const standings = computeStandings(pointsSystem({ countBestRounds: 2, neverDropLastRounds: 1 }), rounds, []);
    expect(driver(standings, 1).points).toBe(25);
    expect(statuses(driver(standings, 1))).toEqual([
      [25, false],
      [18, true],
      [null, false],
    ]);
  });

  it('a last round not raced yet forces nothing: the best N of the rounds raced so far count', () => {
    const rounds = [...season(finishing(1), finishing(9, 1), finishing(9, 9, 1)), round(200, [race([])])];
    const standings = computeStandings(pointsSystem({ countBestRounds: 2, neverDropLastRounds: 1 }), rounds, []);
    expect(driver(standings, 1).points).toBe(25 + 18);
    expect(statuses(driver(standings, 1))).toEqual([
      [25, false],
      [18, false],
      [15, true],
      [null, false],
    ]);
  });

  it('of two equal rounds, drops the earlier', () => {
    const standings = computeStandings(pointsSystem({ countBestRounds: 1 }), season(finishing(1), finishing(1)), []);
    expect(statuses(driver(standings, 1))).toEqual([
      [25, true],
      [25, false],
    ]);
  });
});

describe('no-show', () => {
  const system = pointsSystem({ noShowPenalty: 5 });

  it('takes the penalty from a signed-up driver who is in none of the round’s races; that round shows it and is never dropped', () => {
    const rounds = [round(1, [race(finishing(1, 2))], [1, 2]), round(2, [race(finishing(2))], [1, 2]), round(3, [race(finishing(1, 2))], [1, 2])];
    const standings = computeStandings({ ...system, countBestRounds: 1 }, rounds, []);
    expect(driver(standings, 1)).toMatchObject({
      points: 25 - 5,
      penaltyPoints: 5,
      rounds: [
        { eventId: 1, points: 25, dropped: true },
        { eventId: 2, points: -5, dropped: false },
        { eventId: 3, points: 25, dropped: false },
      ],
    });
  });

  it('lists a no-show who never raced, with negative points', () => {
    const standings = computeStandings(system, [round(1, [race(finishing(1))], [1, 7])], []);
    expect(driver(standings, 7)).toMatchObject({ position: 2, points: -5, penaltyPoints: 5, rounds: [{ eventId: 1, points: -5, dropped: false }] });
  });

  it('is not a no-show with a DNS line, nor in a round without results yet', () => {
    const rounds = [round(1, [race([line(1, 1), line(2, 2, { status: 'DNS' })])], [1, 2]), round(2, [race([])], [1, 2, 3])];
    const standings = computeStandings(system, rounds, []);
    expect(driver(standings, 2)).toMatchObject({ points: 0, penaltyPoints: 0 });
    expect(standings.drivers.map((standing) => standing.profileId)).toEqual([1, 2]);
  });

  it('costs nothing and leaves the round empty when the penalty is 0', () => {
    const standings = computeStandings(pointsSystem(), [round(1, [race(finishing(1))], [1, 2])], []);
    expect(standings.drivers.map((standing) => standing.profileId)).toEqual([1]);
  });
});

describe('stewarding penalties', () => {
  const penalty = (id: number, profileId: number, points: number): PointsPenalty => ({ id, profileId, eventId: 100, points });

  it('subtracts a penalty once however often it is passed, and each distinct penalty', () => {
    const standings = computeStandings(pointsSystem(), season(finishing(1, 2)), [penalty(1, 1, 10), penalty(1, 1, 10), penalty(2, 1, 3)]);
    expect(driver(standings, 1)).toMatchObject({ points: 25 - 13, penaltyPoints: 13 });
    expect(order(standings)).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('cannot be dropped: it applies after drops, and leaves the line and round points alone', () => {
    const rounds = season(finishing(1), finishing(9, 1));
    const standings = computeStandings(pointsSystem({ countBestRounds: 1 }), rounds, [penalty(1, 1, 10)]);
    expect(driver(standings, 1)).toMatchObject({
      points: 25 - 10,
      rounds: [
        { points: 25, dropped: false },
        { points: 18, dropped: true },
      ],
    });
    expect(standings.linePoints.get(rounds[0].races[0].raceId)?.get(1)).toBe(25);
  });

  it('lists a penalised driver who has no results', () => {
    expect(driver(computeStandings(pointsSystem(), season(finishing(1)), [penalty(1, 5, 2)]), 5)).toMatchObject({ points: -2, rounds: [{ points: null }] });
  });
});

describe('tie-break by countback', () => {
  const system = (RACE: number[]) => pointsSystem({ tables: { RACE } });

  it('puts the driver with more wins ahead on equal points', () => {
    const standings = computeStandings(system([3, 2, 1]), season(finishing(1, 2), finishing(9, 2, 1)), []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2)]).toEqual([4, 4]);
    expect(order(standings)).toEqual([
      [1, 1],
      [2, 2],
      [3, 9],
    ]);
  });

  it('then the one with more second places', () => {
    const standings = computeStandings(system([6, 3, 2, 1]), season(finishing(9, 1, 2), finishing(9, 8, 2, 1)), []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2)]).toEqual([4, 4]);
    expect(order(standings)).toEqual([
      [1, 9],
      [2, 1],
      [3, 2],
      [4, 8],
    ]);
  });

  it('then the better finish in the latest round both raced in', () => {
    const standings = computeStandings(system([3, 3]), season(finishing(1, 2), finishing(2, 1), [line(8, 1), line(1, 2, { status: 'DNS' })]), []);
    expect([pointsOf(standings, 1), pointsOf(standings, 2)]).toEqual([6, 6]);
    expect(order(standings)).toEqual([
      [1, 2],
      [2, 1],
      [3, 8],
    ]);
  });

  it('counts places beyond the table, so a finisher is ahead of an equal-points driver who never classified', () => {
    const lines = [...finishing(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), line(12, 12, { status: 'DNF' })];
    const standings = computeStandings(pointsSystem(), season(lines), []);
    expect(order(standings).slice(-2)).toEqual([
      [11, 11],
      [12, 12],
    ]);
  });

  it('shares the position of drivers tied on everything, listed by id', () => {
    const lines = [line(1, 1), line(5, 2, { status: 'DNS' }), line(3, 3, { status: 'DNS' })];
    const standings = computeStandings(pointsSystem(), season(lines), []);
    expect(order(standings)).toEqual([
      [1, 1],
      [2, 3],
      [2, 5],
    ]);
  });
});

describe('team standings', () => {
  const teamLines = () => [
    line(1, 1, { teamId: 10 }),
    line(2, 2, { teamId: 10 }),
    line(4, 3, { teamId: 20 }),
    line(3, 4, { teamId: 10, fastestLap: true }),
    line(5, 5, { teamId: 20 }),
    line(6, 6),
  ];
  const system = (teamBestDrivers: number | null) => pointsSystem({ teamBestDrivers, bonuses: { pole: 0, fastestLap: 5, onlyInsideTop: null } });

  it('counts every driver of a team when teamBestDrivers is null (bonuses included), and ignores drivers without a team', () => {
    const standings = computeStandings(system(null), season(teamLines()), []);
    expect(standings.teams).toEqual([
      { position: 1, teamId: 10, points: 25 + 18 + 12 + 5, rounds: [{ eventId: 100, points: 60 }] },
      { position: 2, teamId: 20, points: 15 + 10, rounds: [{ eventId: 100, points: 25 }] },
    ]);
  });

  it('counts only the best M scores of each team per race', () => {
    const standings = computeStandings(system(2), season(teamLines()), []);
    expect(standings.teams.map((team) => [team.teamId, team.points])).toEqual([
      [10, 25 + 18],
      [20, 15 + 10],
    ]);
  });

  it('sums the rounds, with null for a round the team took no part in', () => {
    const rounds = season(teamLines(), [line(5, 1, { teamId: 20 })]);
    const standings = computeStandings(system(1), rounds, []);
    expect(standings.teams).toEqual([
      {
        position: 1,
        teamId: 20,
        points: 15 + 25,
        rounds: [
          { eventId: 100, points: 15 },
          { eventId: 101, points: 25 },
        ],
      },
      {
        position: 2,
        teamId: 10,
        points: 25,
        rounds: [
          { eventId: 100, points: 25 },
          { eventId: 101, points: null },
        ],
      },
    ]);
  });

  it('breaks a team tie by countback on race wins', () => {
    const standings = computeStandings(
      pointsSystem({ tables: { RACE: [3, 2, 1] } }),
      season([line(1, 1, { teamId: 20 }), line(2, 2, { teamId: 10 }), line(3, 3, { teamId: 10 })]),
      [],
    );
    expect(standings.teams.map((team) => [team.position, team.teamId, team.points])).toEqual([
      [1, 20, 3],
      [2, 10, 3],
    ]);
  });

  it('gives each driver the team they last raced for', () => {
    const standings = computeStandings(pointsSystem(), season([line(1, 1, { teamId: 10 })], [line(1, 1, { teamId: 20 })]), []);
    expect(driver(standings, 1).teamId).toBe(20);
  });
});

describe('line points', () => {
  it('are each line’s points with bonuses, before drops and penalties', () => {
    const rounds = season([line(1, 1, { fastestLap: true }), line(2, 2, { status: 'DSQ' })], finishing(2, 1));
    const standings = computeStandings(pointsSystem({ countBestRounds: 1, bonuses: { pole: 0, fastestLap: 1, onlyInsideTop: null } }), rounds, [
      { id: 1, profileId: 1, eventId: 100, points: 5 },
    ]);
    expect(standings.linePoints).toEqual(
      new Map([
        [
          rounds[0].races[0].raceId,
          new Map([
            [1, 26],
            [2, 0],
          ]),
        ],
        [
          rounds[1].races[0].raceId,
          new Map([
            [2, 25],
            [1, 18],
          ]),
        ],
      ]),
    );
  });
});

describe('empty season', () => {
  it('has no drivers, no teams and no line points', () => {
    expect(computeStandings(pointsSystem(), [], [])).toEqual({ drivers: [], teams: [], linePoints: new Map() });
  });

  it('has no drivers while no round has results, whoever signed up', () => {
    const standings = computeStandings(pointsSystem({ noShowPenalty: 5, countBestRounds: 1 }), [round(1, [race([])], [1, 2])], []);
    expect(standings.drivers).toEqual([]);
    expect(standings.teams).toEqual([]);
  });
});

describe('properties over generated seasons', () => {
  function generatedSeason(seed: number): { rounds: ScoredRound[]; penalties: PointsPenalty[] } {
    const next = seededRandom(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const statuses: ResultStatus[] = ['FINISHED', 'FINISHED', 'FINISHED', 'DNF', 'DNS', 'DSQ'];
    const rounds = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, roundIndex) =>
      round(
        roundIndex + 1,
        (['QUALIFYING', 'SPRINT', 'RACE'] as const).map((session) => {
          const drivers = Array.from({ length: 12 }, (_, index) => index + 1).filter(() => next() < 0.8);
          return race(
            drivers.map((profileId, index) =>
              line(profileId, index + 1, {
                status: pick(statuses),
                laps: 10 + Math.floor(next() * 11),
                teamId: 10 + (profileId % 4),
                pole: next() < 0.1,
                fastestLap: next() < 0.1,
              }),
            ),
            session,
          );
        }),
      ),
    );
    const penalties = Array.from({ length: Math.floor(next() * 5) }, () => ({
      id: Math.floor(next() * 3),
      profileId: 1 + Math.floor(next() * 12),
      eventId: 1,
      points: 1 + Math.floor(next() * 5),
    }));
    return { rounds, penalties };
  }

  const system = pointsSystem({
    tables: { RACE: F1, SPRINT: [...POINTS_PRESETS.SPRINT], QUALIFYING: [3, 2, 1] },
    bonuses: { pole: 2, fastestLap: 1, onlyInsideTop: 10 },
    minimumDistancePercent: 75,
    dnfScores: true,
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const allLinePoints = (standings: SeasonStandings) => [...standings.linePoints.values()].flatMap((points) => [...points.values()]);

  it.each(Array.from({ length: 25 }, (_, seed) => seed))('season %i: without drops, drivers’ points add up to the line points minus the penalties (each id once)', (seed) => {
    const { rounds, penalties } = generatedSeason(seed);
    const standings = computeStandings(system, rounds, penalties);
    const uniquePenalties = [...new Map(penalties.map((penalty) => [penalty.id, penalty.points])).values()];
    expect(sum(standings.drivers.map((standing) => standing.points))).toBe(sum(allLinePoints(standings)) - sum(uniquePenalties));
    expect(sum(standings.teams.map((team) => team.points))).toBe(sum(allLinePoints(standings)));
    for (const standing of standings.drivers) expect(standing.points).toBe(sum(standing.rounds.map((entry) => entry.points ?? 0)) - standing.penaltyPoints);
  });

  it.each(Array.from({ length: 25 }, (_, seed) => seed))('season %i: standings are ordered by points with positions that never go down', (seed) => {
    const { rounds, penalties } = generatedSeason(seed);
    const standings = computeStandings({ ...system, countBestRounds: 3, neverDropLastRounds: 1, teamBestDrivers: 2 }, rounds, penalties);
    for (const list of [standings.drivers, standings.teams]) {
      list.forEach((entry, index) => {
        if (index === 0) return expect(entry.position).toBe(1);
        expect(entry.points).toBeLessThanOrEqual(list[index - 1].points);
        expect(entry.position === list[index - 1].position || entry.position === index + 1).toBe(true);
      });
    }
    for (const standing of standings.drivers) {
      const counted = standing.rounds.filter((entry) => entry.points !== null && entry.points >= 0 && !entry.dropped).length;
      expect(counted).toBeLessThanOrEqual(3);
    }
  });
});

describe('guests and co-drivers', () => {
  const guest = (position: number, extra: Partial<ScoredLine> = {}) => line(0, position, { profileId: null, ...extra });

  it('keeps a guest’s position: points follow positions and the guest’s are paid to nobody', () => {
    const standings = computeStandings(
      pointsSystem({ bonuses: { pole: 3, fastestLap: 0, onlyInsideTop: null } }),
      season([guest(1, { pole: true }), line(7, 2), line(3, 3)]),
      [],
    );
    expect(order(standings)).toEqual([
      [1, 7],
      [2, 3],
    ]);
    expect([pointsOf(standings, 7), pointsOf(standings, 3)]).toEqual([18, 15]);
    expect(driver(standings, 7).wins).toBe(0);
    expect([...standings.linePoints.values()][0]).toEqual(
      new Map([
        [7, 18],
        [3, 15],
      ]),
    );
  });

  it('never makes a guest a no-show, and a guest never counts for a team', () => {
    const rounds = [round(100, [race([guest(1, { teamId: 50 }), line(7, 2, { teamId: 50 })])], [7, 8])];
    const standings = computeStandings(pointsSystem({ noShowPenalty: 5 }), rounds, []);
    expect(standings.teams).toEqual([{ position: 1, teamId: 50, points: 18, rounds: [{ eventId: 100, points: 18 }] }]);
    expect(driver(standings, 8).rounds[0]?.points).toBe(-5);
  });

  it('credits every league driver of a car with its result, and counts the car once for its team', () => {
    const car = line(7, 1, {
      teamId: 50,
      coDrivers: [
        { profileId: 8, drivingTimeMs: null },
        { profileId: null, drivingTimeMs: null },
      ],
    });
    const rounds = [round(100, [race([car, line(3, 2, { teamId: 60 })])], [7, 8, 3])];
    const standings = computeStandings(pointsSystem({ noShowPenalty: 5 }), rounds, []);
    expect([pointsOf(standings, 7), pointsOf(standings, 8), pointsOf(standings, 3)]).toEqual([25, 25, 18]);
    expect([driver(standings, 8).wins, driver(standings, 8).podiums, driver(standings, 8).penaltyPoints]).toEqual([1, 1, 0]);
    expect(standings.teams.map((team) => [team.teamId, team.points])).toEqual([
      [50, 25],
      [60, 18],
    ]);
  });

  it('with a minimum driving share, scores only the drivers who drove enough of the car, where every time is known', () => {
    const system = pointsSystem({ minDrivingSharePercent: 25 });
    const shared = line(7, 1, {
      drivingTimeMs: 3_000_000,
      coDrivers: [
        { profileId: 8, drivingTimeMs: 500_000 },
        { profileId: null, drivingTimeMs: 1_500_000 },
      ],
    });
    const unknown = line(3, 2, { drivingTimeMs: 4_000_000, coDrivers: [{ profileId: 4, drivingTimeMs: null }] });
    const standings = computeStandings(system, season([shared, unknown]), []);
    // 8 drove 500 of 5,000 s: 10 % < 25 %. The second car's times are not all known: no minimum.
    expect([pointsOf(standings, 7), pointsOf(standings, 8), pointsOf(standings, 3), pointsOf(standings, 4)]).toEqual([25, 0, 18, 18]);
    expect(driver(standings, 8).rounds[0]).toEqual({ eventId: 100, points: 0, dropped: false });
    expect(driver(standings, 8).wins).toBe(0);
    expect(pointsOf(computeStandings(pointsSystem(), season([shared]), []), 8)).toBe(25);
  });
});
