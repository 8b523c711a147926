// A small ACC race (three cars, three laps) built with the protocol's encoder, read back by its decoder, into the session.
import { describe, expect, it } from '@jest/globals';
import type { AccRealtimeCarUpdate, AccSessionPhase } from '../protocols/acc-broadcasting/messages.js';
import { draftClassification } from './draft-classification.js';
import { createTimingSession, restoreTimingSession } from './live-timing-session.js';
import { accLap, accPacket, entrants } from './session.spec-support.js';
import type { TimingSessionState } from './session-state.js';
import type { TimingMessage, TimingSession } from './timing-session.js';

const EPOCH = 1_700_000_000_000;
const GREEN_AT = 5_000;
/** The race clock runs out here; the leader's next crossing is the flag. */
const CLOCK_ENDS_AT = 290_000;
const resolveDriver = entrants({ 'Ana Silva': 101, 'Ben Okoro': 102 });

/** Each car's line crossings (session ms). Car 2 passes car 1 on lap 2; car 3 stops in the pits after lap 2. */
const CROSSINGS: Record<number, number[]> = {
  1: [105_000, 203_000, 301_500],
  2: [106_000, 202_000, 299_000],
  3: [107_500, 207_000],
};
const PIT_FROM: Record<number, number> = { 3: 215_000 };

type Step = { at: number; message: TimingMessage };

const lapTimes = (carIndex: number): number[] => CROSSINGS[carIndex].map((crossing, lap) => crossing - (lap === 0 ? GREEN_AT : CROSSINGS[carIndex][lap - 1]));
const splits = (lapMs: number): number[] => [Math.floor(lapMs / 3), Math.floor(lapMs / 3), lapMs - 2 * Math.floor(lapMs / 3)];

function lapsAt(carIndex: number, time: number): number {
  return CROSSINGS[carIndex].filter((crossing) => crossing <= time).length;
}

function positionAt(carIndex: number, time: number): number {
  const ranked = Object.keys(CROSSINGS)
    .map(Number)
    .sort((a, b) => lapsAt(b, time) - lapsAt(a, time) || (CROSSINGS[a][lapsAt(a, time) - 1] ?? 0) - (CROSSINGS[b][lapsAt(b, time) - 1] ?? 0) || a - b);
  return ranked.indexOf(carIndex) + 1;
}

function carUpdate(carIndex: number, time: number): AccRealtimeCarUpdate {
  const laps = lapsAt(carIndex, time);
  const times = lapTimes(carIndex).slice(0, laps);
  const lastCrossing = laps > 0 ? CROSSINGS[carIndex][laps - 1] : GREEN_AT;
  const last = times.at(-1) ?? null;
  const best = times.length ? Math.min(...times) : null;
  const inPit = PIT_FROM[carIndex] !== undefined && time >= PIT_FROM[carIndex];
  return {
    kind: 'realtimeCarUpdate',
    carIndex,
    driverIndex: 0,
    driverCount: 1,
    gear: inPit ? 0 : 4,
    worldPosX: 0,
    worldPosY: 0,
    yaw: 0,
    location: inPit ? 'pitlane' : 'track',
    speedKmh: inPit ? 0 : 200,
    position: positionAt(carIndex, time),
    cupPosition: positionAt(carIndex, time),
    trackPosition: positionAt(carIndex, time),
    splinePosition: 0.5,
    laps,
    deltaMs: 0,
    bestSessionLap: accLap({ carIndex, lapTimeMs: best, splitsMs: best === null ? [] : splits(best) }),
    lastLap: accLap({ carIndex, lapTimeMs: last, splitsMs: last === null ? [] : splits(last) }),
    currentLap: accLap({ carIndex, lapTimeMs: inPit ? null : time - lastCrossing, splitsMs: [] }),
  };
}

function realtimeUpdate(time: number, phase: AccSessionPhase): TimingMessage {
  return accPacket({
    kind: 'realtimeUpdate',
    eventIndex: 0,
    sessionIndex: 2,
    sessionType: 'race',
    phase,
    sessionTimeMs: time,
    sessionEndTimeMs: Math.max(0, CLOCK_ENDS_AT - time),
    focusedCarIndex: 1,
    activeCameraSet: 'Broadcast',
    activeCamera: 'CameraTV1',
    currentHudPage: 'Broadcasting',
    replay: null,
    timeOfDayMs: 50_400_000,
    ambientTempC: 22,
    trackTempC: 30,
    clouds: 0.2,
    rainLevel: 0,
    wetness: 0,
    bestSessionLap: accLap(),
  });
}

function driver(firstName: string, lastName: string) {
  return { firstName, lastName, shortName: lastName.slice(0, 3).toUpperCase(), category: 'gold' as const, nationality: 1 };
}

/** The race, message by message, at its session time. */
function race(): Step[] {
  const steps: Step[] = [
    { at: 0, message: accPacket({ kind: 'registrationResult', connectionId: 7, success: true, readOnly: true, errorMessage: '' }) },
    { at: 0, message: accPacket({ kind: 'entryList', connectionId: 7, carIndexes: [1, 2, 3] }) },
    ...[
      { carIndex: 1, raceNumber: 11, drivers: [driver('Ana', 'Silva')] },
      { carIndex: 2, raceNumber: 22, drivers: [driver('Ben', 'Okoro')] },
      { carIndex: 3, raceNumber: 33, drivers: [driver('Cleo', 'Guest')] },
    ].map(({ carIndex, raceNumber, drivers }) => ({
      at: 0,
      message: accPacket({
        kind: 'entryListCar',
        carIndex,
        carModelType: 30,
        teamName: `Team ${raceNumber}`,
        raceNumber,
        cupCategory: 'overall',
        currentDriverIndex: 0,
        nationality: 1,
        drivers,
      }),
    })),
    { at: 0, message: accPacket({ kind: 'trackData', connectionId: 7, trackName: 'Monza', trackId: 1, trackMeters: 5793, cameraSets: [], hudPages: [] }) },
    { at: 0, message: realtimeUpdate(0, 'preSession') },
    { at: GREEN_AT, message: accPacket({ kind: 'broadcastingEvent', eventType: 'greenFlag', message: '', timeMs: GREEN_AT, carIndex: 0 }) },
  ];
  for (let time = GREEN_AT; time <= 305_000; time += 5_000) {
    steps.push({ at: time, message: realtimeUpdate(time, time >= CLOCK_ENDS_AT ? 'sessionOver' : 'session') });
    for (const carIndex of [1, 2, 3]) steps.push({ at: time, message: accPacket(carUpdate(carIndex, time)) });
    if (time === CLOCK_ENDS_AT)
      steps.push({ at: time, message: accPacket({ kind: 'broadcastingEvent', eventType: 'sessionOver', message: 'Session over', timeMs: time, carIndex: 0 }) });
    if (time === 150_000)
      steps.push({ at: time, message: accPacket({ kind: 'broadcastingEvent', eventType: 'accident', message: 'Accident', timeMs: 150_000, carIndex: 3 }) });
  }
  steps.push({ at: 310_000, message: realtimeUpdate(310_000, 'postSession') });
  return steps;
}

function play(session: TimingSession, steps: Step[], until = Infinity): void {
  for (const step of steps) if (step.at <= until) session.apply(step.message, EPOCH + step.at);
}

const newSession = () => createTimingSession({ raceId: 9, game: 'ACC', resolveDriver });

describe('ACC session', () => {
  it('orders the cars by the official positions with gaps and intervals at the line', () => {
    const session = newSession();
    const steps = race();
    play(
      session,
      steps.filter((step) => step.at <= 110_000),
    );
    const timing = session.snapshot();
    expect(timing).toMatchObject({ raceId: 9, game: 'ACC', trackName: 'Monza', sessionBestLapMs: 100_000, sessionBestCarId: 1 });
    expect(timing.session).toEqual({ kind: 'RACE', phase: 'RUNNING', flag: 'GREEN', elapsedMs: 110_000, remainingMs: 180_000, totalLaps: null });
    expect(timing.cars).toEqual([
      {
        carId: 1,
        position: 1,
        raceNumber: 11,
        driverName: 'Ana Silva',
        profileId: 101,
        carModel: 'BMW M4 GT3',
        laps: 1,
        gapMs: null,
        lapsDown: 0,
        intervalMs: null,
        lastLapMs: 100_000,
        bestLapMs: 100_000,
        lastSectorsMs: [33_333, 33_333, 33_334],
        lastLapPersonalBest: true,
        location: 'TRACK',
        connected: true,
      },
      expect.objectContaining({ carId: 2, position: 2, driverName: 'Ben Okoro', profileId: 102, gapMs: 1_000, intervalMs: 1_000, lastLapMs: 101_000 }),
      expect.objectContaining({ carId: 3, position: 3, driverName: 'Cleo Guest', profileId: null, gapMs: 2_500, intervalMs: 1_500, lastLapMs: 102_500 }),
    ]);
  });

  it('follows the overtake on lap 2, the session best, the pit stop and the accident', () => {
    const session = newSession();
    const steps = race();
    play(session, steps, 210_000);
    let timing = session.snapshot();
    expect(timing.cars.map((car) => [car.carId, car.position, car.laps, car.gapMs, car.intervalMs, car.lastLapMs, car.bestLapMs])).toEqual([
      [2, 1, 2, null, null, 96_000, 96_000],
      [1, 2, 2, 1_000, 1_000, 98_000, 98_000],
      [3, 3, 2, 5_000, 4_000, 99_500, 99_500],
    ]);
    expect([timing.sessionBestLapMs, timing.sessionBestCarId]).toEqual([96_000, 2]);
    expect(session.takeIncidents()).toEqual([
      {
        id: '9-1',
        raceId: 9,
        kind: 'ACCIDENT',
        lap: 2,
        elapsedMs: 150_000,
        cars: [{ carId: 3, driverName: 'Cleo Guest', profileId: null, raceNumber: 33 }],
        speedKmh: null,
      },
    ]);
    expect(session.takeIncidents()).toEqual([]);
    play(
      session,
      steps.filter((step) => step.at > 210_000 && step.at <= 220_000),
    );
    timing = session.snapshot();
    expect(timing.cars.find((car) => car.carId === 3)?.location).toBe('PIT');
  });

  it('ends at the flag: finishers in order, the retired car DNF, then ignores what follows', () => {
    const session = newSession();
    const steps = race();
    play(session, steps, CLOCK_ENDS_AT);
    // The clock ran out: the flag is out, the cars complete their last lap.
    expect(session.snapshot().session).toMatchObject({ phase: 'RUNNING', flag: 'CHEQUERED' });
    play(
      session,
      steps.filter((step) => step.at > CLOCK_ENDS_AT),
    );
    const timing = session.snapshot();
    expect(timing.session).toMatchObject({ phase: 'FINISHED', flag: 'CHEQUERED', remainingMs: 0 });
    expect(timing.cars.map((car) => [car.carId, car.laps])).toEqual([
      [2, 3],
      [1, 3],
      [3, 2],
    ]);
    const version = session.version;
    expect(session.apply(accPacket(carUpdate(3, 400_000)), EPOCH + 400_000)).toBe(false);
    expect(session.apply(realtimeUpdate(400_000, 'session'), EPOCH + 400_000)).toBe(false);
    expect(session.version).toBe(version);
    expect(session.snapshot()).toEqual(timing);

    const draft = draftClassification(session);
    expect(draft).toMatchObject({ format: 'ACC', session: 'RACE', gameName: 'Assetto Corsa Competizione', trackName: 'Monza' });
    expect(draft?.lines.map((line) => [line.position, line.driver.name, line.status, line.laps, line.totalTimeMs, line.bestLapMs, line.fastestLap])).toEqual([
      [1, 'Ben Okoro', 'FINISHED', 3, 294_000, 96_000, true],
      [2, 'Ana Silva', 'FINISHED', 3, 296_500, 98_000, false],
      [3, 'Cleo Guest', 'DNF', 2, null, 99_500, false],
    ]);
    expect(draft?.lines[0].driver).toEqual({ name: 'Ben Okoro', platformId: null, raceNumber: 22, teamName: 'Team 22', laps: null, drivingTimeMs: null });
  });

  it('resumes from a saved state exactly where it was', () => {
    const steps = race();
    const original = newSession();
    play(original, steps, 150_000);
    const saved: TimingSessionState = JSON.parse(JSON.stringify(original.state()));
    const restored = restoreTimingSession(saved, resolveDriver)!;
    expect(restored.snapshot()).toEqual(original.snapshot());
    const rest = steps.filter((step) => step.at > 150_000);
    for (const step of rest) {
      expect(restored.apply(step.message, EPOCH + step.at)).toBe(original.apply(step.message, EPOCH + step.at));
      expect(restored.version).toBe(original.version);
    }
    expect(restored.snapshot()).toEqual(original.snapshot());
    expect(restored.takeIncidents()).toEqual(original.takeIncidents());
    expect(draftClassification(restored)).toEqual(draftClassification(original));
  });

  it('asks for the entry list for a car it does not know, and shows nothing of it', () => {
    const session = newSession();
    play(
      session,
      race().filter((step) => step.at === 0),
    );
    expect(session.apply(accPacket(carUpdate(3, 0)), EPOCH)).toBe(true);
    const before = session.snapshot();
    expect(session.apply(accPacket({ ...carUpdate(1, 0), carIndex: 8 }), EPOCH)).toBe(false);
    expect(session.entryListWanted).toBe(true);
    expect(session.snapshot()).toEqual(before);
    session.apply(accPacket({ kind: 'entryList', connectionId: 7, carIndexes: [1, 2, 3, 8] }), EPOCH);
    expect(session.entryListWanted).toBe(false);
  });
});
