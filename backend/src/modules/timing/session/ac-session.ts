/** Assetto Corsa server plugin messages → the session state. */
import type { LiveSessionKind } from '../../../contracts/timing.js';
import { normalizePlatformId } from '../../competitions/index.js';
import type { AcClientEvent, AcConnectionFields, AcLapCompleted, AcServerMessage, AcSessionFields, AcSessionType } from '../protocols/ac-server-plugin/messages.js';
import { clearLaps, clockAt, clockReading, lapTime, LIMITS, newCar, nextIncidentId, seatDriver, type CarState, type TimingSessionState } from './session-state.js';
import type { ResolveDriver } from './timing-session.js';

const KINDS: Record<AcSessionType, LiveSessionKind> = { booking: 'OTHER', practice: 'PRACTICE', qualifying: 'QUALIFYING', race: 'RACE' };

/** Applies one message; answers whether it was taken (false: ignored, nothing changed). */
export function applyAcMessage(state: TimingSessionState, message: AcServerMessage, receivedAtMs: number, resolveDriver: ResolveDriver): boolean {
  if (state.session.phase === 'FINISHED' && !(message.kind === 'newSession' && state.session.kind !== 'RACE')) return false;
  const taken = applyMessage(state, message, receivedAtMs, resolveDriver);
  if (taken) tick(state, receivedAtMs);
  return taken;
}

function applyMessage(state: TimingSessionState, message: AcServerMessage, receivedAtMs: number, resolveDriver: ResolveDriver): boolean {
  switch (message.kind) {
    case 'newSession':
      return applySession(state, message, receivedAtMs, true);
    case 'sessionInfo':
      // The answer may describe another session than the one running.
      return message.sessionIndex === message.currentSessionIndex && applySession(state, message, receivedAtMs, false);
    case 'newConnection':
      return connect(state, message, true, resolveDriver);
    case 'connectionClosed': {
      const car = carOf(state, message.carId);
      if (!car) return false;
      car.connected = false;
      return true;
    }
    case 'carInfo':
      if (!message.driverName.trim()) return false;
      return connect(state, message, message.isConnected, resolveDriver, message.driverTeam);
    case 'carUpdate': {
      const car = carOf(state, message.carId);
      if (!car || car.finished) return false;
      const spline = Number.isFinite(message.normalizedSplinePosition) ? Math.min(Math.max(message.normalizedSplinePosition, 0), 0.999) : 0;
      car.splinePosition = lapProgress(car, spline);
      return true;
    }
    case 'lapCompleted':
      return completeLap(state, message, receivedAtMs);
    case 'clientEvent':
      return collision(state, message, receivedAtMs);
    case 'endSession':
      state.session.phase = 'FINISHED';
      state.session.flag = 'CHEQUERED';
      return true;
    default:
      // Chat, client loaded, version, errors: nothing the timing shows.
      return false;
  }
}

/**
 * How far round its lap the car is, from its position on the spline (0 at the line): negative on the grid
 * behind the line before the start; held at the end of the lap when the car is just past the line and the
 * server's lap completed has not arrived yet.
 */
function lapProgress(car: CarState, spline: number): number {
  const previous = car.splinePosition;
  const behindTheLine = car.laps === 0 && (previous === null || previous < 0);
  if (behindTheLine) return spline > 0.5 ? spline - 1 : spline;
  return previous !== null && previous - spline > 0.5 ? 0.999 : spline;
}

function carOf(state: TimingSessionState, carId: number): CarState | null {
  return state.cars.find((car) => car.carId === carId && car.drivers.length > 0) ?? null;
}

function applySession(state: TimingSessionState, fields: AcSessionFields, receivedAtMs: number, starts: boolean): boolean {
  const { session } = state;
  const elapsedMs = clockReading(fields.elapsedMs);
  if (elapsedMs === null || fields.durationMinutes * 60_000 > LIMITS.clockMs || fields.laps > LIMITS.laps) return false;
  const another = session.sourceIndex !== fields.sessionIndex || starts;
  if (another) {
    for (const car of state.cars) clearLaps(car);
    session.flag = 'NONE';
    session.phase = 'PRE';
    session.greenAtMs = 0;
  }
  session.sourceIndex = fields.sessionIndex;
  session.kind = KINDS[fields.sessionType];
  const byLaps = session.kind === 'RACE' && fields.laps > 0;
  session.totalLaps = byLaps ? fields.laps : null;
  session.durationMs = byLaps ? null : fields.durationMinutes * 60_000;
  session.clock = { elapsedMs, receivedAtMs };
  const track = fields.track.trim();
  const layout = fields.trackConfig.trim();
  state.trackName = track && layout ? `${track} (${layout})` : track || null;
  return true;
}

/** Moves the shown clock to `receivedAtMs`; an AC race is under way once its clock passed zero. */
function tick(state: TimingSessionState, receivedAtMs: number): void {
  const { session } = state;
  if (session.sourceIndex === null) return;
  session.elapsedMs = clockAt(session.clock, receivedAtMs);
  session.remainingMs = session.durationMs === null ? null : session.durationMs - Math.max(0, session.elapsedMs);
  if (session.elapsedMs >= 0 && session.phase === 'PRE') {
    session.phase = 'RUNNING';
    if (session.flag === 'NONE') session.flag = 'GREEN';
  }
}

function connect(state: TimingSessionState, fields: AcConnectionFields, connected: boolean, resolveDriver: ResolveDriver, team = ''): boolean {
  const name = fields.driverName.trim();
  if (!name) return false;
  let car = state.cars.find((known) => known.carId === fields.carId);
  if (!car) {
    car = newCar(fields.carId);
    state.cars.push(car);
  }
  const platformId = normalizePlatformId(fields.driverGuid);
  seatDriver(car, { name, platformId, profileId: resolveDriver(name, platformId) });
  car.carModel = fields.carModel.trim() || car.carModel;
  car.teamName = team.trim() || car.teamName;
  car.connected = connected;
  return true;
}

function completeLap(state: TimingSessionState, lap: AcLapCompleted, receivedAtMs: number): boolean {
  const car = carOf(state, lap.carId);
  if (!car || car.finished || state.session.sourceIndex === null) return false;
  if (lap.leaderboard.some((line) => line.laps > LIMITS.laps) || car.laps >= LIMITS.laps) return false;
  const now = Math.round(clockAt(state.session.clock, receivedAtMs));
  const entry = lap.leaderboard.find((line) => line.carId === lap.carId);
  const laps = Math.max(car.laps + 1, entry?.laps ?? 0);
  car.crossingsMs[laps] = now;
  car.laps = laps;
  car.splinePosition = null;
  const lapMs = lapTime(lap.lapTimeMs);
  const valid = lap.cuts === 0 && lapMs !== null;
  car.lastLapMs = lapMs;
  car.lastSectorsMs = [];
  if (valid && (car.bestLapMs === null || lapMs <= car.bestLapMs)) car.bestLapMs = lapMs;
  car.lastLapPersonalBest = valid && lapMs === car.bestLapMs;
  // The leaderboard is the server's order and laps; whoever it says finished took the flag.
  lap.leaderboard.forEach((line, index) => {
    const listed = carOf(state, line.carId);
    if (!listed) return;
    listed.sourcePosition = index + 1;
    if (listed !== car && line.laps > listed.laps) {
      listed.laps = line.laps;
    }
    if (line.hasFinished) listed.finished = true;
  });
  if (state.session.kind === 'RACE' && state.cars.some((other) => other.finished)) state.session.flag = 'CHEQUERED';
  return true;
}

function collision(state: TimingSessionState, event: AcClientEvent, receivedAtMs: number): boolean {
  const car = carOf(state, event.carId);
  if (!car) return false;
  const other = event.event === 'collisionWithCar' ? carOf(state, event.otherCarId) : null;
  const party = (involved: CarState) => {
    const driver = involved.drivers[involved.currentDriver];
    return { carId: involved.carId, driverName: driver?.name ?? '', profileId: driver?.profileId ?? null, raceNumber: involved.raceNumber };
  };
  state.pendingIncidents.push({
    id: nextIncidentId(state),
    raceId: state.raceId,
    kind: event.event === 'collisionWithCar' ? 'CAR_CONTACT' : 'ENVIRONMENT_CONTACT',
    lap: car.laps + 1,
    elapsedMs: Math.max(0, Math.round(clockAt(state.session.clock, receivedAtMs))),
    cars: other ? [party(car), party(other)] : [party(car)],
    speedKmh: Number.isFinite(event.impactSpeed) && Math.abs(event.impactSpeed) <= LIMITS.speedKmh ? Math.round(Math.abs(event.impactSpeed) * 10) / 10 : null,
  });
  return true;
}
