/**
 * Assetto Corsa Competizione dedicated server results (`results/YYMMDD_HHMMSS_R.json`). The order of
 * `sessionResult.leaderBoardLines` is the classification; ACC says nothing about retirements, so they
 * are read from the timing (see `raceStatus`).
 */
import type { ResultStatus } from '../../../contracts/competitions.js';
import { type ImportedClassification, type ReadLine, ResultFileError, blankToNull, classify, lapTime, normalizePlatformId } from './classification.js';
import { JsonReader } from './json-reader.js';

const LABEL = 'ACC result file';

interface CarTiming {
  laps: number;
  totalTime: number;
  bestLapMs: number | null;
}

export function readAccResult(file: unknown): ImportedClassification {
  const root = new JsonReader(LABEL, file);
  const session = accSession(root.at('sessionType'));
  const board = root.at('sessionResult').object().at('leaderBoardLines').list();
  if (board.length === 0) throw new ResultFileError(`${LABEL}: sessionResult.leaderBoardLines is empty (nobody drove in the session)`);
  const disqualified = disqualifiedCars(root);

  const cars = board.map((line) => {
    const car = line.at('car').object();
    const timingReader = line.at('timing').object();
    const timing: CarTiming = {
      laps: timingReader.at('lapCount').number(),
      totalTime: timingReader.at('totalTime').number(),
      bestLapMs: lapTime(timingReader.at('bestLap').number()),
    };
    return { carId: car.at('carId').number(), car, timing };
  });
  // The flag falls when the car with the most laps (the first of them, in ACC's order) crosses the line.
  const leader = cars.reduce((best, car) => (car.timing.laps > best.timing.laps ? car : best), cars[0]).timing;

  const lines = cars.map(({ carId, car, timing }): ReadLine => {
    const status = disqualified.has(carId) ? 'DSQ' : session === 'RACE' ? raceStatus(timing, leader) : timing.bestLapMs === null ? 'DNS' : 'FINISHED';
    return {
      status,
      laps: timing.laps,
      totalTimeMs: session === 'RACE' && status === 'FINISHED' && timing.totalTime > 0 ? Math.round(timing.totalTime) : null,
      bestLapMs: timing.bestLapMs,
      driver: carDriver(car),
    };
  });
  return { format: 'ACC', session, trackName: blankToNull(root.at('trackName').optionalString()), lines: classify(lines, LABEL) };
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
  if (timing.laps < leader.laps && (timing.totalTime <= 0 || timing.totalTime < leader.totalTime)) return 'DNF';
  return 'FINISHED';
}

/** Cars disqualified by the race director, during the session or after it. */
function disqualifiedCars(root: JsonReader): Set<number> {
  const penalties = [...root.at('penalties').optionalList(), ...root.at('post_race_penalties').optionalList()];
  return new Set(penalties.filter((penalty) => penalty.object().at('penalty').string() === 'Disqualified').map((penalty) => penalty.at('carId').number()));
}

/** The car's first driver: the one entered for it (a league race has one). */
function carDriver(car: JsonReader): ReadLine['driver'] {
  const drivers = car.at('drivers').list();
  if (drivers.length === 0) throw car.at('drivers').error('is empty (the car has no driver)');
  const driver = drivers[0].object();
  const raceNumber = car.at('raceNumber').optionalNumber();
  const fullName = [driver.at('firstName').optionalString(), driver.at('lastName').optionalString()]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const name = fullName || blankToNull(driver.at('shortName').optionalString()) || (raceNumber === null ? null : `#${raceNumber}`);
  if (!name) throw driver.error('has no name');
  return {
    name,
    platformId: normalizePlatformId(driver.at('playerId').optionalString()),
    raceNumber,
    teamName: blankToNull(car.at('teamName').optionalString()),
  };
}
