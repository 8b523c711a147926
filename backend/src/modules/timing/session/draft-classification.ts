import { GAME_NAMES, classify, type ImportedClassification, type ReadLine } from '../../competitions/index.js';
import { orderedCars } from './live-timing-view.js';
import type { CarState } from './session-state.js';
import type { TimingSession } from './timing-session.js';

const LABEL = 'Live timing draft';

/**
 * The results draft from the live state at the flag, through the result import's `classify` rules: in a
 * race by laps, then by who completed them first, the cars that did not take the flag retired (no lap: not
 * started); in qualifying, by best lap. Null for a practice or other session, or one without a car.
 */
export function draftClassification(session: TimingSession): ImportedClassification | null {
  const state = session.state();
  const kind = state.session.kind;
  if (kind !== 'RACE' && kind !== 'QUALIFYING') return null;
  const cars = orderedCars(state);
  if (cars.length === 0) return null;
  const race = kind === 'RACE';
  // A race is classified as servers write their files: laps, then who completed them first (retired or not).
  const lastCrossing = (car: CarState) => car.crossingsMs[car.laps] ?? Infinity;
  const ordered = race
    ? cars
        .map((car, index) => ({ car, index }))
        .sort((a, b) => b.car.laps - a.car.laps || lastCrossing(a.car) - lastCrossing(b.car) || a.index - b.index)
        .map(({ car }) => car)
    : cars;
  const lines = ordered.map((car): ReadLine => {
    const status = race ? (car.finished ? 'FINISHED' : car.laps === 0 ? 'DNS' : 'DNF') : car.bestLapMs === null ? 'DNS' : 'FINISHED';
    const finishedAt = car.crossingsMs[car.laps] ?? null;
    return {
      status,
      laps: car.laps,
      totalTimeMs: race && status === 'FINISHED' && finishedAt !== null ? Math.max(0, finishedAt - state.session.greenAtMs) : null,
      bestLapMs: car.bestLapMs,
      drivers: driversOf(car),
      carModel: car.carModel,
      penaltyMs: 0,
      reason: status === 'DNF' ? 'retired: had not taken the flag when the session ended' : null,
    };
  });
  return { format: state.game, session: kind, gameName: GAME_NAMES[state.game], trackName: state.trackName, lines: classify(lines, LABEL, kind) };
}

function driversOf(car: CarState): ReadLine['drivers'] {
  return car.drivers.map((driver) => ({
    name: driver.name,
    platformId: driver.platformId,
    raceNumber: car.raceNumber,
    teamName: car.teamName,
    laps: null,
    drivingTimeMs: null,
  }));
}
