import type { LiveCar, LiveTiming } from '../../../contracts/timing.js';
import { currentDriverOf, type CarState, type TimingSessionState } from './session-state.js';

/** The cars a viewer sees: those with a driver named (an ACC entry is shown once its details came). */
const shown = (car: CarState): boolean => car.drivers.length > 0;

/** The cars in position order. */
export function orderedCars(state: TimingSessionState): CarState[] {
  const cars = state.cars.filter(shown);
  const byId = (a: CarState, b: CarState) => a.carId - b.carId;
  const bySourcePosition = (a: CarState, b: CarState) => (a.sourcePosition || Infinity) - (b.sourcePosition || Infinity);
  if (state.game === 'ACC') return cars.sort((a, b) => bySourcePosition(a, b) || byId(a, b));
  if (state.session.kind !== 'RACE') return cars.sort((a, b) => (a.bestLapMs ?? Infinity) - (b.bestLapMs ?? Infinity) || byId(a, b));
  // An AC race: laps first, then how far round the lap (between lap completions), then the server's last leaderboard, then who completed their laps first.
  return cars.sort((a, b) => progress(b) - progress(a) || bySourcePosition(a, b) || (lastCrossing(a) ?? Infinity) - (lastCrossing(b) ?? Infinity) || byId(a, b));
}

function progress(car: CarState): number {
  return car.laps + (car.finished ? 0 : (car.splinePosition ?? 0));
}

function lastCrossing(car: CarState): number | null {
  return car.crossingsMs[car.laps] ?? null;
}

/** How far `car` is behind `ahead` at the line: the time between them completing the car's last lap, and the laps `ahead` had completed more by then. */
function behind(car: CarState, ahead: CarState): { ms: number | null; laps: number } {
  const crossing = lastCrossing(car);
  const aheadCrossing = car.laps > 0 ? (ahead.crossingsMs[car.laps] ?? null) : null;
  if (crossing === null || aheadCrossing === null) return { ms: null, laps: 0 };
  let laps = 0;
  while (car.laps + laps < ahead.laps && (ahead.crossingsMs[car.laps + laps + 1] ?? Infinity) <= crossing) laps++;
  return { ms: Math.max(0, crossing - aheadCrossing), laps };
}

export function viewCar(car: CarState, position: number, leader: CarState | null, ahead: CarState | null, race: boolean): LiveCar {
  const driver = currentDriverOf(car);
  let gapMs: number | null = null;
  let lapsDown = 0;
  let intervalMs: number | null = null;
  if (leader && ahead) {
    if (race) {
      const toLeader = behind(car, leader);
      lapsDown = toLeader.laps;
      gapMs = lapsDown > 0 ? null : toLeader.ms;
      intervalMs = behind(car, ahead).ms;
    } else {
      gapMs = car.bestLapMs !== null && leader.bestLapMs !== null ? car.bestLapMs - leader.bestLapMs : null;
      intervalMs = car.bestLapMs !== null && ahead.bestLapMs !== null ? car.bestLapMs - ahead.bestLapMs : null;
    }
  }
  return {
    carId: car.carId,
    position,
    raceNumber: car.raceNumber,
    driverName: driver?.name ?? '',
    profileId: driver?.profileId ?? null,
    carModel: car.carModel,
    laps: car.laps,
    gapMs,
    lapsDown,
    intervalMs,
    lastLapMs: car.lastLapMs,
    bestLapMs: car.bestLapMs,
    lastSectorsMs: [...car.lastSectorsMs],
    lastLapPersonalBest: car.lastLapPersonalBest,
    location: car.location,
    connected: car.connected,
  };
}

/** The session's best lap and who set it (the first to set the time, on a tie). */
export function sessionBest(cars: readonly CarState[], holderBefore: number | null): { lapMs: number | null; carId: number | null } {
  let best: CarState | null = null;
  for (const car of cars) {
    if (car.bestLapMs === null) continue;
    if (!best || car.bestLapMs < best.bestLapMs! || (car.bestLapMs === best.bestLapMs && car.carId === holderBefore)) best = car;
  }
  return { lapMs: best?.bestLapMs ?? null, carId: best?.carId ?? null };
}

/** What the state shows, at its version. */
export function viewOf(state: TimingSessionState): LiveTiming {
  const cars = orderedCars(state);
  const race = state.session.kind === 'RACE';
  const best = sessionBest(cars, state.sessionBestCarId);
  const { session } = state;
  return {
    raceId: state.raceId,
    version: state.version,
    game: state.game,
    trackName: state.trackName,
    session: {
      kind: session.kind,
      phase: session.phase,
      flag: session.flag,
      elapsedMs: Math.max(0, Math.round(session.elapsedMs)),
      remainingMs: session.remainingMs === null ? null : Math.max(0, Math.round(session.remainingMs)),
      totalLaps: session.totalLaps,
    },
    sessionBestLapMs: best.lapMs,
    sessionBestCarId: best.carId,
    cars: cars.map((car, index) => viewCar(car, index + 1, cars[0] ?? null, index > 0 ? cars[index - 1] : null, race)),
  };
}
