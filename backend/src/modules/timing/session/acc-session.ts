/** ACC broadcasting messages → the session state. */
import type { LiveCarLocation, LiveFlag, LiveSessionKind, LiveSessionPhase } from '../../../contracts/timing.js';
import type {
  AccBroadcastingEventType,
  AccCarLocation,
  AccRealtimeCarUpdate,
  AccRealtimeUpdate,
  AccServerMessage,
  AccSessionPhase,
  AccSessionType,
} from '../protocols/acc-broadcasting/messages.js';
import { accCarModelName } from './acc-car-models.js';
import { clearLaps, clockAt, clockReading, lapTime, LIMITS, newCar, nextIncidentId, seatDriver, type CarState, type TimingSessionState } from './session-state.js';
import type { ResolveDriver } from './timing-session.js';

const KINDS: Record<AccSessionType, LiveSessionKind> = {
  practice: 'PRACTICE',
  qualifying: 'QUALIFYING',
  superpole: 'QUALIFYING',
  race: 'RACE',
  hotlap: 'PRACTICE',
  hotstint: 'PRACTICE',
  hotlapSuperpole: 'QUALIFYING',
  replay: 'OTHER',
};

/** ACC's "session over" is the last lap after the clock ran out: the flag is out, cars still complete their laps; "post session" ends it. */
const PHASES: Record<AccSessionPhase, { phase: LiveSessionPhase; flag: LiveFlag }> = {
  none: { phase: 'PRE', flag: 'NONE' },
  starting: { phase: 'PRE', flag: 'NONE' },
  preFormation: { phase: 'PRE', flag: 'NONE' },
  formationLap: { phase: 'PRE', flag: 'NONE' },
  preSession: { phase: 'PRE', flag: 'NONE' },
  session: { phase: 'RUNNING', flag: 'GREEN' },
  sessionOver: { phase: 'RUNNING', flag: 'CHEQUERED' },
  postSession: { phase: 'FINISHED', flag: 'CHEQUERED' },
  resultUi: { phase: 'FINISHED', flag: 'CHEQUERED' },
};

const LOCATIONS: Record<AccCarLocation, LiveCarLocation | null> = {
  none: null,
  track: 'TRACK',
  pitlane: 'PIT',
  pitEntry: 'PIT',
  pitExit: 'OUT_LAP',
};

/** A time as ACC sends it (float ms), whole. */
const ms = (value: number): number => Math.round(value);

/** Applies one message; answers whether it was taken (false: ignored, nothing changed). */
export function applyAccMessage(state: TimingSessionState, message: AccServerMessage, receivedAtMs: number, resolveDriver: ResolveDriver): boolean {
  if (state.session.phase === 'FINISHED' && !(message.kind === 'realtimeUpdate' && startsAnotherSession(state, message))) return false;
  switch (message.kind) {
    case 'realtimeUpdate':
      return applyRealtimeUpdate(state, message, receivedAtMs);
    case 'realtimeCarUpdate':
      return applyCarUpdate(state, message, receivedAtMs);
    case 'entryList': {
      const listed = new Set(message.carIndexes);
      for (const car of state.cars) car.connected = listed.has(car.carId);
      state.entryListWanted = false;
      return true;
    }
    case 'entryListCar': {
      let car = state.cars.find((known) => known.carId === message.carIndex);
      if (!car) {
        car = newCar(message.carIndex);
        state.cars.push(car);
      }
      car.raceNumber = Number.isInteger(message.raceNumber) && message.raceNumber >= 0 && message.raceNumber <= LIMITS.raceNumber ? message.raceNumber : null;
      car.teamName = message.teamName.trim() || null;
      car.carModel = accCarModelName(message.carModelType);
      for (const driver of message.drivers) {
        const name = `${driver.firstName} ${driver.lastName}`.trim() || driver.shortName.trim();
        if (name) seatDriver(car, { name, platformId: null, profileId: resolveDriver(name, null) });
      }
      const current = message.drivers[message.currentDriverIndex];
      if (current)
        car.currentDriver = Math.max(
          0,
          car.drivers.findIndex((driver) => driver.name === `${current.firstName} ${current.lastName}`.trim()),
        );
      return car.drivers.length > 0;
    }
    case 'trackData':
      state.trackName = message.trackName.trim() || null;
      return true;
    case 'broadcastingEvent':
      return applyEvent(state, message.eventType, message.carIndex, message.timeMs);
    case 'registrationResult':
      return false;
    default:
      return false;
  }
}

/** A new session index (qualifying → race) once the one we follow is over, or not a race: a finished race stays as it ended. */
function startsAnotherSession(state: TimingSessionState, update: AccRealtimeUpdate): boolean {
  return state.session.sourceIndex !== update.sessionIndex && state.session.kind !== 'RACE';
}

function applyRealtimeUpdate(state: TimingSessionState, update: AccRealtimeUpdate, receivedAtMs: number): boolean {
  const { session } = state;
  const elapsedMs = clockReading(update.sessionTimeMs);
  const remainingMs = clockReading(update.sessionEndTimeMs);
  if (elapsedMs === null || remainingMs === null) return false;
  if (session.sourceIndex !== null && session.sourceIndex !== update.sessionIndex) {
    if (session.kind === 'RACE' && session.phase !== 'PRE') return false;
    for (const car of state.cars) clearLaps(car);
    session.greenAtMs = 0;
    session.flag = 'NONE';
  }
  session.sourceIndex = update.sessionIndex;
  session.kind = KINDS[update.sessionType];
  const { phase, flag } = PHASES[update.phase];
  // Total times run from the start: the green-flag event's time, else when the race was first seen running.
  if (session.kind === 'RACE' && session.phase === 'PRE' && phase === 'RUNNING' && session.greenAtMs === 0) session.greenAtMs = elapsedMs;
  session.phase = phase;
  // The flag a green-flag event or a car's finish set stays until the phase moves on.
  if (!(flag === 'GREEN' && session.flag === 'CHEQUERED')) session.flag = flag;
  session.clock = { elapsedMs, receivedAtMs };
  session.elapsedMs = elapsedMs;
  // ACC's "session end time" counts down what is left of the session.
  session.remainingMs = Math.max(0, remainingMs);
  session.totalLaps = null;
  return true;
}

function applyCarUpdate(state: TimingSessionState, update: AccRealtimeCarUpdate, receivedAtMs: number): boolean {
  const car = state.cars.find((known) => known.carId === update.carIndex && known.drivers.length > 0);
  if (!car) {
    state.entryListWanted = true;
    return false;
  }
  if (update.laps > LIMITS.laps) return false;
  if (update.driverIndex >= 0 && update.driverIndex < car.drivers.length) car.currentDriver = update.driverIndex;
  const location = LOCATIONS[update.location];
  if (location) car.location = location === 'TRACK' && update.currentLap.isOutLap ? 'OUT_LAP' : location;
  car.sourcePosition = update.position;
  car.splinePosition = update.splinePosition;
  if (car.finished) return true;
  if (update.laps > car.laps) {
    const now = clockAt(state.session.clock, receivedAtMs);
    const sinceLine = lapTime(update.currentLap.lapTimeMs);
    // The car crossed the line as long ago as its current lap has run.
    const crossing = sinceLine !== null && sinceLine <= now ? ms(now - sinceLine) : ms(now);
    car.crossingsMs[update.laps] = crossing;
    // After the flag a car finishes at the line: the leader first, then everyone crossing after a car has finished.
    const flagTaken = state.cars.some((other) => other !== car && other.finished);
    if (state.session.flag === 'CHEQUERED' && state.session.kind === 'RACE' && (flagTaken || isLeader(state, car, update.laps))) car.finished = true;
    car.laps = update.laps;
  }
  const last = update.lastLap;
  car.lastLapMs = lapTime(last.lapTimeMs);
  car.lastSectorsMs = car.lastLapMs === null ? [] : last.splitsMs.map(lapTime);
  car.bestLapMs = lapTime(update.bestSessionLap.lapTimeMs);
  car.lastLapPersonalBest = car.lastLapMs !== null && !last.isInvalid && last.isValidForBest && car.lastLapMs === car.bestLapMs;
  return true;
}

/** No other car has completed as many laps: the car crossing the line now leads. */
function isLeader(state: TimingSessionState, car: CarState, laps: number): boolean {
  return state.cars.every((other) => other === car || other.laps < laps);
}

function applyEvent(state: TimingSessionState, type: AccBroadcastingEventType, carIndex: number, timeMs: number): boolean {
  switch (type) {
    case 'accident': {
      const car = state.cars.find((known) => known.carId === carIndex && known.drivers.length > 0);
      if (!car) return false;
      const driver = car.drivers[car.currentDriver];
      state.pendingIncidents.push({
        id: nextIncidentId(state),
        raceId: state.raceId,
        kind: 'ACCIDENT',
        lap: car.laps + 1,
        elapsedMs: Math.max(0, clockReading(timeMs) ?? Math.round(state.session.elapsedMs)),
        cars: [{ carId: car.carId, driverName: driver?.name ?? '', profileId: driver?.profileId ?? null, raceNumber: car.raceNumber }],
        speedKmh: null,
      });
      return true;
    }
    case 'greenFlag':
      if (state.session.flag === 'CHEQUERED') return false;
      state.session.flag = 'GREEN';
      state.session.phase = 'RUNNING';
      if (state.session.kind === 'RACE') state.session.greenAtMs = Math.max(0, clockReading(timeMs) ?? 0);
      return true;
    case 'sessionOver':
      // In a race the event comes as the clock runs out, with the "session over" phase: the flag is out and the
      // cars still complete their last lap; the "post session" phase ends it. Any other session is over at once.
      state.session.flag = 'CHEQUERED';
      if (state.session.kind !== 'RACE') state.session.phase = 'FINISHED';
      return true;
    default:
      // Lap completed, best laps and penalties: the car updates carry the laps and times.
      return false;
  }
}
