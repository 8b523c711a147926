import type { LiveCar, LiveIncident, LiveTiming, LiveTimingFrame, TimingGame } from '../../../contracts/timing.js';
import type { TimingMessage, TimingSession } from '../session/timing-session.js';
import type { DriverResolver } from './race-drivers.js';

/**
 * A stand-in for the session model (session/, being built alongside): enough of the tower for the
 * ingester's plumbing to run end to end — cars, positions, laps, last and best laps, the clock and
 * collisions. It is replaced by `createTimingSession` once that lands (see sessions.ts).
 */
class InterimSession implements TimingSession {
  version: number;
  private readonly timing: LiveTiming;
  private readonly changedAt = new Map<number, number>();
  private orderChangedAt: number;
  private sessionChangedAt: number;
  /** Deltas are built from here on; an older base gets the snapshot. */
  private readonly since: number;
  private incidents: LiveIncident[] = [];
  private incidentCount = 0;

  constructor(
    timing: LiveTiming,
    private readonly resolveDriver: DriverResolver,
  ) {
    this.timing = structuredClone(timing);
    this.version = timing.version;
    this.since = timing.version;
    this.orderChangedAt = timing.version;
    this.sessionChangedAt = timing.version;
  }

  get raceId(): number {
    return this.timing.raceId;
  }

  get game(): TimingGame {
    return this.timing.game;
  }

  apply({ game, message }: TimingMessage, _receivedAtMs: number): boolean {
    const before = this.version;
    if (game === 'ACC') {
      if (message.kind === 'entryListCar') {
        const driver = message.drivers[message.currentDriverIndex] ?? message.drivers[0];
        const driverName = driver ? `${driver.firstName} ${driver.lastName}`.trim() : '';
        this.changeCar(message.carIndex, { raceNumber: message.raceNumber, driverName, profileId: this.resolveDriver(driverName, null) });
      } else if (message.kind === 'trackData') {
        this.changeSession(() => (this.timing.trackName = message.trackName));
      } else if (message.kind === 'realtimeUpdate') {
        const phase =
          message.phase === 'session' ? 'RUNNING' : message.phase === 'sessionOver' || message.phase === 'postSession' || message.phase === 'resultUi' ? 'FINISHED' : 'PRE';
        if (this.timing.session.elapsedMs !== message.sessionTimeMs || this.timing.session.phase !== phase) {
          this.changeSession(() => {
            this.timing.session.elapsedMs = message.sessionTimeMs;
            this.timing.session.phase = phase;
            this.timing.session.flag = phase === 'FINISHED' ? 'CHEQUERED' : phase === 'RUNNING' ? 'GREEN' : 'NONE';
            this.timing.session.kind =
              message.sessionType === 'race' ? 'RACE' : message.sessionType === 'qualifying' ? 'QUALIFYING' : message.sessionType === 'practice' ? 'PRACTICE' : 'OTHER';
          });
        }
      } else if (message.kind === 'realtimeCarUpdate') {
        this.changeCar(message.carIndex, {
          position: message.position,
          laps: message.laps,
          lastLapMs: message.lastLap.lapTimeMs,
          bestLapMs: message.bestSessionLap.lapTimeMs,
          location: message.location === 'track' ? 'TRACK' : 'PIT',
        });
      } else if (message.kind === 'broadcastingEvent' && message.eventType === 'accident') {
        this.incident('ACCIDENT', [message.carIndex], message.timeMs, null);
      }
    } else if (message.kind === 'carInfo' || message.kind === 'newConnection') {
      this.changeCar(message.carId, {
        driverName: message.driverName,
        profileId: this.resolveDriver(message.driverName, message.driverGuid),
        carModel: message.carModel,
        connected: message.kind === 'newConnection' || message.isConnected,
      });
    } else if (message.kind === 'lapCompleted') {
      const car = this.car(message.carId);
      this.changeCar(message.carId, { lastLapMs: message.lapTimeMs, bestLapMs: Math.min(car.bestLapMs ?? message.lapTimeMs, message.lapTimeMs) });
      message.leaderboard.forEach((entry, index) => this.changeCar(entry.carId, { position: index + 1, laps: entry.laps }));
    } else if (message.kind === 'clientEvent') {
      const cars = message.event === 'collisionWithCar' ? [message.carId, message.otherCarId] : [message.carId];
      this.incident(message.event === 'collisionWithCar' ? 'CAR_CONTACT' : 'ENVIRONMENT_CONTACT', cars, this.timing.session.elapsedMs, message.impactSpeed);
    } else if (message.kind === 'endSession') {
      this.changeSession(() => {
        this.timing.session.phase = 'FINISHED';
        this.timing.session.flag = 'CHEQUERED';
      });
    }
    return this.version !== before;
  }

  snapshot(): LiveTiming {
    return structuredClone({ ...this.timing, version: this.version });
  }

  frameSince(version: number): LiveTimingFrame {
    if (version < this.since || version > this.version) return { kind: 'snapshot', timing: this.snapshot() };
    const cars = this.timing.cars.filter((car) => (this.changedAt.get(car.carId) ?? 0) > version);
    return {
      kind: 'delta',
      raceId: this.raceId,
      baseVersion: version,
      version: this.version,
      cars: structuredClone(cars),
      ...(this.sessionChangedAt > version
        ? { session: { ...this.timing.session }, sessionBestLapMs: this.timing.sessionBestLapMs, sessionBestCarId: this.timing.sessionBestCarId }
        : {}),
      ...(this.orderChangedAt > version ? { order: this.timing.cars.map((car) => car.carId) } : {}),
    };
  }

  takeIncidents(): LiveIncident[] {
    const taken = this.incidents;
    this.incidents = [];
    return taken;
  }

  private car(carId: number): LiveCar {
    let car = this.timing.cars.find((candidate) => candidate.carId === carId);
    if (!car) {
      car = {
        carId,
        position: this.timing.cars.length + 1,
        raceNumber: null,
        driverName: '',
        profileId: null,
        carModel: null,
        laps: 0,
        gapMs: null,
        lapsDown: 0,
        intervalMs: null,
        lastLapMs: null,
        bestLapMs: null,
        lastSectorsMs: [],
        lastLapPersonalBest: false,
        location: 'TRACK',
        connected: true,
      };
      this.timing.cars.push(car);
      this.orderChangedAt = this.version + 1;
    }
    return car;
  }

  private changeCar(carId: number, change: Partial<LiveCar>): void {
    const known = this.timing.cars.some((car) => car.carId === carId);
    const car = this.car(carId);
    const changed = !known || Object.entries(change).some(([key, value]) => car[key as keyof LiveCar] !== value);
    if (!changed) return;
    Object.assign(car, change);
    this.version += 1;
    this.changedAt.set(carId, this.version);
    const sessionBest = this.timing.cars.reduce<LiveCar | null>(
      (best, candidate) => (candidate.bestLapMs !== null && (best?.bestLapMs ?? Infinity) > candidate.bestLapMs ? candidate : best),
      null,
    );
    if (sessionBest && sessionBest.bestLapMs !== this.timing.sessionBestLapMs) {
      this.timing.sessionBestLapMs = sessionBest.bestLapMs;
      this.timing.sessionBestCarId = sessionBest.carId;
      this.sessionChangedAt = this.version;
    }
    const order = this.timing.cars.map((candidate) => candidate.carId).join();
    this.timing.cars.sort((a, b) => a.position - b.position || a.carId - b.carId);
    if (this.timing.cars.map((candidate) => candidate.carId).join() !== order || !known) this.orderChangedAt = this.version;
  }

  private changeSession(change: () => void): void {
    change();
    this.version += 1;
    this.sessionChangedAt = this.version;
  }

  private incident(kind: LiveIncident['kind'], carIds: number[], elapsedMs: number, speedKmh: number | null): void {
    this.incidentCount += 1;
    const cars = carIds.map((carId) => this.car(carId));
    this.incidents.push({
      id: `${this.version}-${this.incidentCount}`,
      raceId: this.raceId,
      kind,
      lap: cars[0] ? cars[0].laps + 1 : null,
      elapsedMs,
      cars: cars.map((car) => ({ carId: car.carId, driverName: car.driverName, profileId: car.profileId, raceNumber: car.raceNumber })),
      speedKmh,
    });
  }
}

export function createInterimSession(raceId: number, game: TimingGame, resolveDriver: DriverResolver): TimingSession {
  return new InterimSession(
    {
      raceId,
      version: 0,
      game,
      trackName: null,
      session: { kind: 'OTHER', phase: 'PRE', flag: 'NONE', elapsedMs: 0, remainingMs: null, totalLaps: null },
      sessionBestLapMs: null,
      sessionBestCarId: null,
      cars: [],
    },
    resolveDriver,
  );
}

export function restoreInterimSession(timing: LiveTiming, resolveDriver: DriverResolver): TimingSession {
  return new InterimSession(timing, resolveDriver);
}
