// A small Assetto Corsa race (three cars, three laps) built with the plugin protocol's encoder, read back by its decoder, into the session.
import { describe, expect, it } from '@jest/globals';
import type { AcLeaderboardEntry, AcServerMessage, AcSessionFields } from '../protocols/ac-server-plugin/messages.js';
import { draftClassification } from './draft-classification.js';
import { projectedClassification } from './projected-classification.js';
import { createTimingSession, restoreTimingSession } from './live-timing-session.js';
import { acPacket, entrants } from './session.spec-support.js';
import type { TimingSessionState } from './session-state.js';
import type { TimingMessage, TimingSession } from './timing-session.js';

const EPOCH = 1_700_000_000_000;
/** The race waits this long before its start. */
const WAIT = 5_000;
const resolveDriver = entrants({ 'Ana Silva': 101, 'Ben Okoro': 102 });
const DRIVERS = [
  { carId: 0, name: 'Ana Silva', guid: '76561198000000001' },
  { carId: 1, name: 'Ben Okoro', guid: '76561198000000002' },
  { carId: 2, name: 'Cleo Guest', guid: '76561198000000003' },
];

/** Line crossings (session ms) and cuts. Car 1 passes car 0 on lap 2; car 2 pits on lap 2 and is lapped; car 0 cuts on lap 3. */
const LAPS: { carId: number; at: number; cuts: number }[] = [
  { carId: 0, at: 100_000, cuts: 0 },
  { carId: 1, at: 101_000, cuts: 0 },
  { carId: 2, at: 103_000, cuts: 0 },
  { carId: 1, at: 197_500, cuts: 0 },
  { carId: 0, at: 198_000, cuts: 0 },
  { carId: 1, at: 294_500, cuts: 0 },
  { carId: 2, at: 296_000, cuts: 0 },
  { carId: 0, at: 300_000, cuts: 2 },
];
const TOTAL_LAPS = 3;

type Step = { at: number; message: TimingMessage };

function sessionFields(overrides: Partial<AcSessionFields> = {}): AcSessionFields {
  return {
    protocolVersion: 4,
    sessionIndex: 2,
    currentSessionIndex: 2,
    sessionCount: 3,
    serverName: 'Paddock League',
    track: 'ks_brands_hatch',
    trackConfig: 'gp',
    name: 'Race',
    sessionType: 'race',
    durationMinutes: 0,
    laps: TOTAL_LAPS,
    waitTimeSeconds: 60,
    ambientTempC: 20,
    roadTempC: 28,
    weatherGraphics: '3_clear',
    elapsedMs: -WAIT,
    ...overrides,
  };
}

const carUpdate = (carId: number, spline: number): AcServerMessage => ({
  kind: 'carUpdate',
  carId,
  position: { x: 0, y: 0, z: 0 },
  velocity: { x: 0, y: 0, z: 50 },
  gear: 5,
  engineRpm: 7000,
  normalizedSplinePosition: spline,
});

/** The laps as the server completes them, each with its leaderboard (laps, then who completed them first; who took the flag). */
function lapSteps(): Step[] {
  const crossings = new Map<number, number[]>(DRIVERS.map(({ carId }) => [carId, []]));
  const finished = new Set<number>();
  return LAPS.map(({ carId, at, cuts }) => {
    const own = crossings.get(carId)!;
    const lapTimeMs = at - (own.at(-1) ?? 0);
    own.push(at);
    if (finished.size > 0 || own.length === TOTAL_LAPS) finished.add(carId);
    const leaderboard: AcLeaderboardEntry[] = [...crossings]
      .sort(([a, x], [b, y]) => y.length - x.length || (x.at(-1) ?? 0) - (y.at(-1) ?? 0) || a - b)
      .map(([listed, times]) => ({ carId: listed, timeMs: 0, laps: times.length, hasFinished: finished.has(listed) }));
    return { at, message: acPacket({ kind: 'lapCompleted', carId, lapTimeMs, cuts, leaderboard, gripLevel: 1 }) };
  });
}

function race(): Step[] {
  const steps: Step[] = [
    { at: -WAIT, message: acPacket({ kind: 'version', protocolVersion: 4 }) },
    { at: -WAIT, message: acPacket({ kind: 'newSession', ...sessionFields() }) },
    ...DRIVERS.map(({ carId, name, guid }) => ({
      at: -WAIT,
      message: acPacket({ kind: 'newConnection', driverName: name, driverGuid: guid, carId, carModel: 'ks_mazda_mx5_cup', carSkin: '00_red' }),
    })),
    {
      at: -WAIT,
      message: acPacket({
        kind: 'carInfo',
        carId: 0,
        isConnected: true,
        carModel: 'ks_mazda_mx5_cup',
        carSkin: '00_red',
        driverName: 'Ana Silva',
        driverTeam: 'Paddock RT',
        driverGuid: '76561198000000001',
      }),
    },
    {
      at: -WAIT,
      message: acPacket({ kind: 'carInfo', carId: 9, isConnected: false, carModel: 'ks_mazda_mx5_cup', carSkin: '', driverName: '', driverTeam: '', driverGuid: '' }),
    },
    ...DRIVERS.map(({ carId }) => ({ at: 0, message: acPacket(carUpdate(carId, 0.999)) })),
    ...lapSteps(),
    { at: 150_000, message: acPacket(carUpdate(0, 0.5)) },
    { at: 150_000, message: acPacket(carUpdate(1, 0.6)) },
    { at: 150_000, message: acPacket(carUpdate(2, 0.4)) },
    {
      at: 150_000,
      message: acPacket({
        kind: 'clientEvent',
        event: 'collisionWithCar',
        carId: 0,
        otherCarId: 1,
        impactSpeed: 42.5,
        worldPosition: { x: 1, y: 0, z: 2 },
        relativePosition: { x: 0, y: 0, z: 1 },
      }),
    },
    {
      at: 305_000,
      message: acPacket({
        kind: 'clientEvent',
        event: 'collisionWithEnvironment',
        carId: 2,
        impactSpeed: 130.25,
        worldPosition: { x: 1, y: 0, z: 2 },
        relativePosition: { x: 0, y: 0, z: 1 },
      }),
    },
    { at: 310_000, message: acPacket({ kind: 'endSession', reportFilename: 'results/2026_11_26_21_30_RACE.json' }) },
  ];
  return steps.sort((a, b) => a.at - b.at);
}

const receivedAt = (at: number) => EPOCH + WAIT + at;

function play(session: TimingSession, steps: Step[], from: number, until: number): void {
  for (const step of steps) if (step.at > from && step.at <= until) session.apply(step.message, receivedAt(step.at));
}

const newSession = () => createTimingSession({ raceId: 4, game: 'AC', resolveDriver });

describe('Assetto Corsa session', () => {
  it('waits for the start, then orders by laps and by position on track between lap completions', () => {
    const session = newSession();
    const steps = race();
    play(session, steps, -Infinity, -WAIT);
    expect(session.snapshot()).toMatchObject({ trackName: 'ks_brands_hatch (gp)', session: { kind: 'RACE', phase: 'PRE', flag: 'NONE', totalLaps: 3, remainingMs: null } });
    expect(session.snapshot().cars.map((car) => [car.carId, car.driverName, car.profileId, car.carModel])).toEqual([
      [0, 'Ana Silva', 101, 'ks_mazda_mx5_cup'],
      [1, 'Ben Okoro', 102, 'ks_mazda_mx5_cup'],
      [2, 'Cleo Guest', null, 'ks_mazda_mx5_cup'],
    ]);
    play(session, steps, -WAIT, 103_000);
    let timing = session.snapshot();
    expect(timing.session).toEqual({ kind: 'RACE', phase: 'RUNNING', flag: 'GREEN', elapsedMs: 103_000, remainingMs: null, totalLaps: 3 });
    expect(timing.cars.map((car) => [car.carId, car.laps, car.gapMs, car.intervalMs])).toEqual([
      [0, 1, null, null],
      [1, 1, 1_000, 1_000],
      [2, 1, 3_000, 2_000],
    ]);
    play(session, steps, 103_000, 150_000);
    timing = session.snapshot();
    expect(timing.cars.map((car) => car.carId)).toEqual([1, 0, 2]);
    expect(session.takeIncidents()).toEqual([
      {
        id: '4-1',
        raceId: 4,
        kind: 'CAR_CONTACT',
        lap: 2,
        elapsedMs: 150_000,
        cars: [
          { carId: 0, driverName: 'Ana Silva', profileId: 101, raceNumber: null },
          { carId: 1, driverName: 'Ben Okoro', profileId: 102, raceNumber: null },
        ],
        speedKmh: 42.5,
      },
    ]);
  });

  it('keeps the order of the grid while the cars cross the line at the start', () => {
    const session = newSession();
    play(session, race(), -Infinity, 0);
    const update = (carId: number, spline: number) => session.apply(acPacket(carUpdate(carId, spline)), receivedAt(1_000));
    update(0, 0.99);
    update(1, 0.98);
    update(2, 0.97);
    expect(session.snapshot().cars.map((car) => car.carId)).toEqual([0, 1, 2]);
    update(0, 0.01);
    update(1, 0.995);
    expect(session.snapshot().cars.map((car) => car.carId)).toEqual([0, 1, 2]);
    update(1, 0.02);
    update(2, 0.03);
    update(0, 0.6);
    expect(session.snapshot().cars.map((car) => car.carId)).toEqual([0, 2, 1]);
  });

  it('gives gaps and intervals at the line after the overtake', () => {
    const session = newSession();
    play(session, race(), -Infinity, 198_000);
    const timing = session.snapshot();
    expect(
      timing.cars.map((car) => [car.carId, car.position, car.laps, car.gapMs, car.lapsDown, car.intervalMs, car.lastLapMs, car.bestLapMs, car.lastLapPersonalBest]),
    ).toEqual([
      [1, 1, 2, null, 0, null, 96_500, 96_500, true],
      [0, 2, 2, 500, 0, 500, 98_000, 98_000, true],
      [2, 3, 1, 2_000, 0, 3_000, 103_000, 103_000, true],
    ]);
    expect([timing.sessionBestLapMs, timing.sessionBestCarId]).toEqual([96_500, 1]);
  });

  it('shows the flag, a lapped finisher and an invalid lap, then drafts the results at the end', () => {
    const session = newSession();
    const steps = race();
    play(session, steps, -Infinity, 296_000);
    expect(session.snapshot().session.flag).toBe('CHEQUERED');
    expect(session.snapshot().session.phase).toBe('RUNNING');
    play(session, steps, 296_000, Infinity);
    const timing = session.snapshot();
    expect(timing.session).toMatchObject({ phase: 'FINISHED', flag: 'CHEQUERED', elapsedMs: 310_000 });
    expect(timing.cars.map((car) => [car.carId, car.laps, car.gapMs, car.lapsDown, car.intervalMs, car.lastLapMs, car.bestLapMs, car.lastLapPersonalBest])).toEqual([
      [1, 3, null, 0, null, 97_000, 96_500, false],
      [0, 3, 5_500, 0, 5_500, 102_000, 98_000, false],
      [2, 2, null, 1, 98_000, 193_000, 103_000, false],
    ]);
    expect(session.takeIncidents()).toEqual([
      expect.objectContaining({ id: '4-1', kind: 'CAR_CONTACT' }),
      {
        id: '4-2',
        raceId: 4,
        kind: 'ENVIRONMENT_CONTACT',
        lap: 3,
        elapsedMs: 305_000,
        cars: [{ carId: 2, driverName: 'Cleo Guest', profileId: null, raceNumber: null }],
        speedKmh: 130.3,
      },
    ]);

    const version = session.version;
    const late = acPacket({ kind: 'lapCompleted', carId: 2, lapTimeMs: 90_000, cuts: 0, leaderboard: [], gripLevel: 1 });
    expect(session.apply(late, receivedAt(320_000))).toBe(false);
    expect(session.apply(acPacket({ kind: 'newSession', ...sessionFields({ sessionIndex: 0, sessionType: 'practice' }) }), receivedAt(320_000))).toBe(false);
    expect(session.version).toBe(version);
    expect(session.snapshot()).toEqual(timing);

    const draft = draftClassification(session);
    expect(draft).toMatchObject({ format: 'AC', session: 'RACE', gameName: 'Assetto Corsa', trackName: 'ks_brands_hatch (gp)' });
    expect(
      draft?.lines.map((line) => [
        line.position,
        line.driver.name,
        line.driver.platformId,
        line.status,
        line.laps,
        line.totalTimeMs,
        line.bestLapMs,
        line.fastestLap,
        line.reason,
      ]),
    ).toEqual([
      [1, 'Ben Okoro', '76561198000000002', 'FINISHED', 3, 294_500, 96_500, true, null],
      [2, 'Ana Silva', '76561198000000001', 'FINISHED', 3, 300_000, 98_000, false, null],
      [3, 'Cleo Guest', '76561198000000003', 'FINISHED', 2, 296_000, 103_000, false, 'finished 1 lap down'],
    ]);
    expect(draft?.lines[1].drivers).toEqual([
      { name: 'Ana Silva', platformId: '76561198000000001', raceNumber: null, teamName: 'Paddock RT', laps: null, drivingTimeMs: null },
    ]);
  });

  it('projects the classification were the race to end now, in the live order, for the standings', () => {
    const session = newSession();
    const steps = race();
    const projected = () => projectedClassification(session)?.map((line) => [line.position, line.profileId, line.status, line.laps, line.fastestLap]);
    play(session, steps, -Infinity, -WAIT);
    expect(projectedClassification(session)).toBeNull();
    play(session, steps, -WAIT, 103_000);
    expect(projected()).toEqual([
      [1, 101, 'FINISHED', 1, true],
      [2, 102, 'FINISHED', 1, false],
      [3, null, 'FINISHED', 1, false],
    ]);
    play(session, steps, 103_000, 198_000);
    expect(projected()).toEqual([
      [1, 102, 'FINISHED', 2, true],
      [2, 101, 'FINISHED', 2, false],
      [3, null, 'FINISHED', 1, false],
    ]);
    // The guest leaves with a lap done: retired, were the race to end now.
    session.apply(
      acPacket({ kind: 'connectionClosed', driverName: 'Cleo Guest', driverGuid: '76561198000000003', carId: 2, carModel: 'ks_mazda_mx5_cup', carSkin: '' }),
      receivedAt(199_000),
    );
    expect(projected()?.[2]).toEqual([3, null, 'DNF', 1, false]);
    expect(projectedClassification(session)?.[0]).toMatchObject({ coDrivers: [], teamId: null, pole: false });
  });

  it('resumes from a saved state exactly where it was', () => {
    const steps = race();
    const original = newSession();
    play(original, steps, -Infinity, 150_000);
    const saved: TimingSessionState = JSON.parse(JSON.stringify(original.state()));
    const restored = restoreTimingSession(saved, resolveDriver)!;
    expect(restored.state()).toEqual(original.state());
    for (const step of steps.filter((candidate) => candidate.at > 150_000)) {
      expect(restored.apply(step.message, receivedAt(step.at))).toBe(original.apply(step.message, receivedAt(step.at)));
      expect(restored.frameSince(original.version - 1)).toEqual(original.frameSince(original.version - 1));
    }
    expect(restored.snapshot()).toEqual(original.snapshot());
    expect(restored.takeIncidents()).toEqual(original.takeIncidents());
  });

  it('orders a qualifying by best lap, and starts afresh when the server moves on to the race', () => {
    const session = newSession();
    const qualifying = sessionFields({ sessionIndex: 1, currentSessionIndex: 1, sessionType: 'qualifying', durationMinutes: 10, laps: 0, elapsedMs: 0 });
    session.apply(acPacket({ kind: 'newSession', ...qualifying }), EPOCH);
    for (const { carId, name, guid } of DRIVERS) {
      session.apply(acPacket({ kind: 'newConnection', driverName: name, driverGuid: guid, carId, carModel: 'ks_mazda_mx5_cup', carSkin: '' }), EPOCH);
    }
    const lap = (carId: number, lapTimeMs: number, cuts: number, at: number) =>
      session.apply(acPacket({ kind: 'lapCompleted', carId, lapTimeMs, cuts, leaderboard: [], gripLevel: 1 }), EPOCH + at);
    lap(2, 99_000, 0, 120_000);
    lap(0, 97_000, 1, 121_000);
    lap(1, 98_000, 0, 122_000);
    const timing = session.snapshot();
    expect(timing.session).toEqual({ kind: 'QUALIFYING', phase: 'RUNNING', flag: 'GREEN', elapsedMs: 122_000, remainingMs: 478_000, totalLaps: null });
    expect(timing.cars.map((car) => [car.carId, car.bestLapMs, car.gapMs, car.intervalMs])).toEqual([
      [1, 98_000, null, null],
      [2, 99_000, 1_000, 1_000],
      [0, null, null, null],
    ]);
    session.apply(acPacket({ kind: 'endSession', reportFilename: 'q.json' }), EPOCH + 600_000);
    expect(draftClassification(session)?.lines.map((line) => [line.driver.name, line.status])).toEqual([
      ['Ben Okoro', 'FINISHED'],
      ['Cleo Guest', 'FINISHED'],
      ['Ana Silva', 'DNS'],
    ]);
    expect(session.apply(acPacket({ kind: 'newSession', ...sessionFields() }), EPOCH + 700_000)).toBe(true);
    expect(session.snapshot().session).toMatchObject({ kind: 'RACE', phase: 'PRE', totalLaps: 3 });
    expect(session.snapshot().cars.every((car) => car.laps === 0 && car.bestLapMs === null)).toBe(true);
  });
});
