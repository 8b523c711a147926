/**
 * Assetto Corsa Competizione dedicated server results (`results/YYMMDD_HHMMSS_R.json`). The order of
 * `sessionResult.leaderBoardLines` is the classification; ACC says nothing about retirements, so they are
 * read from the timing (see `raceStatus`). Penalties: those served during the race are in the time already;
 * post-race ones and ones never served are added here, and a disqualification the race director cleared
 * (`clearedInLap`) does not count.
 */
import type { ResultStatus } from '../../../contracts/competitions.js';
import {
  GAME_NAMES,
  type ImportedClassification,
  type ImportedDriver,
  LineCheck,
  type ReadLine,
  ResultFileError,
  blankToNull,
  classify,
  joinReasons,
  normalizePlatformId,
} from './classification.js';
import { JsonReader } from './json-reader.js';

const LABEL = 'ACC result file';

interface CarTiming {
  laps: number;
  /** Null when the file writes none (0 or int32 max). */
  totalTimeMs: number | null;
  bestLapMs: number | null;
}

/** What the penalties lists say about one car. */
interface CarPenalties {
  disqualified: string | null;
  clearedDisqualification: string | null;
  addedMs: number;
  reasons: string[];
}

/**
 * Seconds an unserved drive-through or stop-and-go costs when the race ends before it was served: about a
 * pit lane pass (30 s), plus the stop. ACC's penaltyValue for these is the laps allowed to serve them, not time.
 */
const UNSERVED_SECONDS: Record<string, number> = { DriveThrough: 30, StopAndGo_10: 40, StopAndGo_20: 50, StopAndGo_30: 60 };
const PENALTY_NAMES: Record<string, string> = {
  DriveThrough: 'drive-through',
  StopAndGo_10: '10 s stop-and-go',
  StopAndGo_20: '20 s stop-and-go',
  StopAndGo_30: '30 s stop-and-go',
};

export function readAccResult(file: unknown): ImportedClassification {
  const root = new JsonReader(LABEL, file);
  const session = accSession(root.at('sessionType'));
  const board = root.at('sessionResult').object().at('leaderBoardLines').list();
  if (board.length === 0) throw new ResultFileError(`${LABEL}: sessionResult.leaderBoardLines is empty (nobody drove in the session)`);
  const lapsByDriver = driverLapCounts(root);

  const cars = board.map((line, index) => {
    const car = line.at('car').object();
    const carId = car.at('carId').number();
    const names = driverNames(car);
    const check = new LineCheck(LABEL, index + 1, names[0].name);
    const timingReader = line.at('timing').object();
    const timing: CarTiming = {
      laps: check.laps(timingReader.at('lapCount').number(), 'timing.lapCount'),
      totalTimeMs: check.optionalTime(timingReader.at('totalTime').number(), 'timing.totalTime'),
      bestLapMs: check.optionalTime(timingReader.at('bestLap').number(), 'timing.bestLap'),
    };
    const drivers = carDrivers(car, line, names, check, lapsByDriver.get(carId));
    return { carId, check, drivers, timing, carModel: null };
  });
  const penalties = carPenalties(root, new Map(cars.map((car) => [car.carId, car.check])));
  // The flag falls when the car with the most laps (the first of them, in ACC's order) crosses the line.
  const leader = cars.reduce((best, car) => (car.timing.laps > best.timing.laps ? car : best), cars[0]).timing;

  const lines = cars.map(({ carId, check, drivers, timing, carModel }): ReadLine => {
    const penalty = penalties.get(carId);
    const status: ResultStatus = penalty?.disqualified ? 'DSQ' : session === 'RACE' ? raceStatus(timing, leader) : timing.bestLapMs === null ? 'DNS' : 'FINISHED';
    const finished = session === 'RACE' && status === 'FINISHED' && timing.totalTimeMs !== null;
    const penaltyMs = finished && penalty ? penalty.addedMs : 0;
    return {
      status,
      laps: timing.laps,
      totalTimeMs: finished ? check.time(timing.totalTimeMs! + penaltyMs, 'total time with penalties') : null,
      bestLapMs: timing.bestLapMs,
      drivers,
      carModel,
      penaltyMs,
      reason: joinReasons(
        penalty?.disqualified,
        status === 'DNF' ? 'retired: stopped before the flag' : null,
        penalty?.clearedDisqualification,
        ...(finished && penalty ? penalty.reasons : []),
      ),
    };
  });
  return {
    format: 'ACC',
    session,
    gameName: GAME_NAMES.ACC,
    trackName: blankToNull(root.at('trackName').optionalString()),
    lines: classify(reorderFinishers(lines), LABEL, session),
  };
}

function accSession(sessionType: JsonReader): ImportedClassification['session'] {
  const type = sessionType.string().trim().toUpperCase();
  if (/^R\d*$/.test(type)) return 'RACE';
  if (/^Q\d*$/.test(type)) return 'QUALIFYING';
  if (/^FP\d*$/.test(type)) throw new ResultFileError(`${LABEL}: this is a practice session (FP); import the race or qualifying result`);
  throw sessionType.error(`"${type}" is not R (race), Q (qualifying) or FP (practice)`);
}

/**
 * No laps: did not start. Fewer laps than the leader and a total time short of the leader's: the car
 * stopped before the flag fell (a lapped car that took the flag has crossed the line after the winner).
 */
function raceStatus(timing: CarTiming, leader: CarTiming): ResultStatus {
  if (timing.laps === 0) return 'DNS';
  if (timing.laps < leader.laps && (timing.totalTimeMs === null || (leader.totalTimeMs !== null && timing.totalTimeMs < leader.totalTimeMs))) return 'DNF';
  return 'FINISHED';
}

/** Added time changes the order: finishers are sorted again by laps, then time, in the places finishers held. */
function reorderFinishers(lines: ReadLine[]): ReadLine[] {
  if (!lines.some((line) => line.penaltyMs > 0)) return lines;
  const isFinisher = (line: ReadLine) => line.status === 'FINISHED' && line.totalTimeMs !== null;
  const finishers = lines.filter(isFinisher).sort((a, b) => b.laps - a.laps || a.totalTimeMs! - b.totalTimeMs!);
  return lines.map((line) => (isFinisher(line) ? finishers.shift()! : line));
}

/**
 * Served: an in-race penalty with a `clearedInLap` (the lap it was served or cleared in). A disqualification
 * counts unless cleared; a time penalty (post-race `PostRaceTime`, seconds in `penaltyValue`) is added; a
 * drive-through or stop-and-go never served is added as UNSERVED_SECONDS.
 */
function carPenalties(root: JsonReader, checks: Map<number, LineCheck>): Map<number, CarPenalties> {
  const byCar = new Map<number, CarPenalties>();
  const entries = [
    ...root
      .at('penalties')
      .optionalList()
      .map((entry) => ({ entry, postRace: false })),
    ...root
      .at('post_race_penalties')
      .optionalList()
      .map((entry) => ({ entry, postRace: true })),
  ];
  for (const { entry, postRace } of entries) {
    entry.object();
    const carId = entry.at('carId').number();
    const check = checks.get(carId);
    if (!check) continue;
    const penalties = byCar.get(carId) ?? { disqualified: null, clearedDisqualification: null, addedMs: 0, reasons: [] };
    byCar.set(carId, penalties);
    const type = entry.at('penalty').string().trim();
    const why = blankToNull(entry.at('reason').optionalString());
    const clearedInLap = entry.at('clearedInLap').optionalNumber();
    const served = clearedInLap !== null && clearedInLap > 0;
    if (type === 'Disqualified') {
      if (served) penalties.clearedDisqualification = `disqualification cleared in lap ${clearedInLap}`;
      else penalties.disqualified = `disqualified${why ? ` (${why})` : ''}`;
    } else if (/time/i.test(type) && (postRace || !served)) {
      const seconds = entry.at('penaltyValue').present ? entry.at('penaltyValue').number() : entry.at('value').number();
      const ms = check.seconds(seconds, `the ${postRace ? 'post-race ' : ''}penalty's penaltyValue (seconds)`);
      penalties.addedMs += ms;
      penalties.reasons.push(`+${ms / 1000} s ${postRace ? 'post-race ' : ''}penalty${why ? ` (${why})` : ''}`);
    } else if (UNSERVED_SECONDS[type] !== undefined && (postRace || !served)) {
      penalties.addedMs += UNSERVED_SECONDS[type] * 1000;
      penalties.reasons.push(`+${UNSERVED_SECONDS[type]} s for an unserved ${PENALTY_NAMES[type]}${why ? ` (${why})` : ''}`);
    }
  }
  return byCar;
}

/** Laps per car and driver index from the file's lap list (empty when the file lists no laps). */
function driverLapCounts(root: JsonReader): Map<number, Map<number, number>> {
  const counts = new Map<number, Map<number, number>>();
  for (const lap of root.at('laps').optionalList()) {
    lap.object();
    const carId = lap.at('carId').number();
    const driverIndex = lap.at('driverIndex').optionalNumber() ?? 0;
    const car = counts.get(carId) ?? new Map<number, number>();
    counts.set(carId, car);
    car.set(driverIndex, (car.get(driverIndex) ?? 0) + 1);
  }
  return counts;
}

type DriverName = Pick<ImportedDriver, 'name' | 'platformId'>;

/** Every driver of the car, in `car.drivers` order: the first one is the car's entered driver. */
function driverNames(car: JsonReader): DriverName[] {
  const drivers = car.at('drivers').list();
  if (drivers.length === 0) throw car.at('drivers').error('is empty (the car has no driver)');
  const raceNumber = car.at('raceNumber').optionalNumber();
  return drivers.map((driverReader) => {
    const driver = driverReader.object();
    const fullName = [driver.at('firstName').optionalString(), driver.at('lastName').optionalString()]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ');
    const name = fullName || blankToNull(driver.at('shortName').optionalString()) || (raceNumber === null ? null : `#${raceNumber}`);
    if (!name) throw driver.error('has no name');
    return { name, platformId: normalizePlatformId(driver.at('playerId').optionalString()) };
  });
}

/** The drivers with the car's number and team; a co-driven car's drivers also with their own laps and driving time. */
function carDrivers(car: JsonReader, line: JsonReader, names: DriverName[], check: LineCheck, laps: Map<number, number> | undefined): ImportedDriver[] {
  const raceNumber = check.raceNumber(car.at('raceNumber').optionalNumber(), 'car.raceNumber');
  const teamName = blankToNull(car.at('teamName').optionalString());
  const shared = names.length > 1;
  const timesReader = line.at('driverTotalTimes').present ? line.at('driverTotalTimes') : line.at('timing').at('driverTotalTimes');
  const times = shared ? timesReader.optionalList() : [];
  return names.map((driver, driverIndex) => {
    const time = times[driverIndex];
    return {
      ...driver,
      raceNumber,
      teamName,
      laps: shared && laps ? (laps.get(driverIndex) ?? 0) : null,
      drivingTimeMs: time?.present ? drivingTime(check, time) : null,
    };
  });
}

/** A driver's time at the wheel: 0 when they did not drive, none when the file writes a "no time" value. */
function drivingTime(check: LineCheck, time: JsonReader): number | null {
  const value = time.number();
  return value === 0 ? 0 : check.optionalTime(value, 'driverTotalTimes');
}
