/**
 * Assetto Corsa dedicated server results (acServer `results/YYYY_M_D_H_M_RACE.json`). The order of
 * `Result` is the classification; laps are counted per car slot (`CarId`) from `Laps`, and whether a car
 * took the flag is read from the laps' `Timestamp`s: `TotalTime` is set for retired cars too.
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
  normalizePlatformId,
} from './classification.js';
import { JsonReader } from './json-reader.js';

const LABEL = 'Assetto Corsa result file';

interface Lap {
  carId: number | null;
  guid: string;
  name: string;
  /** When the lap was completed (server ms), or null when the server does not say. */
  timestamp: number | null;
  lapTime: number;
}

interface Slot {
  index: number;
  name: string;
  guid: string;
  carId: number | null;
  result: JsonReader;
  laps: Lap[];
}

export function readAcResult(file: unknown): ImportedClassification {
  const root = new JsonReader(LABEL, file);
  const session = acSession(root.at('Type'));
  const results = root.at('Result').list();
  const laps = root
    .at('Laps')
    .optionalList()
    .map((lap): Lap => ({
      carId: lap.object().at('CarId').optionalNumber(),
      guid: lap.at('DriverGuid').optionalString()?.trim() ?? '',
      name: lap.at('DriverName').optionalString()?.trim() ?? '',
      timestamp: lap.at('Timestamp').optionalNumber(),
      lapTime: lap.at('LapTime').number(),
    }));
  // Cars only lends team names: an entry without a CarId (older servers) simply has none.
  const teams = new Map(
    root
      .at('Cars')
      .optionalList()
      .map((car) => [car.object().at('CarId').optionalNumber(), blankToNull(car.at('Driver').at('Team').optionalString())] as const)
      .filter(([carId]) => carId !== null),
  );

  const slots = results.flatMap((result, index): Slot[] => {
    result.object();
    const name = result.at('DriverName').string().trim();
    const guid = result.at('DriverGuid').string().trim();
    const carId = result.at('CarId').optionalNumber();
    // The server lists every car of the entry list; a slot nobody took has no driver.
    if (!name && !guid) return [];
    if (!name) throw result.at('DriverName').error('is empty');
    // A slot's laps are its car's; an older server without CarIds has only the driver to go by.
    const own = laps.filter((lap) => (carId !== null && lap.carId !== null ? lap.carId === carId : lap.guid === guid && lap.name === name));
    return [{ index, name, guid, carId, result, laps: own }];
  });
  const kept = withoutExtraEmptySlots(slots);
  const flag = session === 'RACE' ? chequeredFlag(kept) : null;

  const lines = kept.map((slot): ReadLine => {
    const check = new LineCheck(LABEL, slot.index + 1, slot.name);
    const lapCount = check.laps(slot.laps.length, 'Laps');
    const bestLapMs = check.optionalTime(slot.result.at('BestLap').number(), 'BestLap');
    const totalTime = check.optionalTime(slot.result.at('TotalTime').number(), 'TotalTime');
    const lastLapAt = lastTimestamp(slot);
    let status: ResultStatus;
    let reason: string | null = null;
    if (session === 'QUALIFYING') status = bestLapMs === null ? 'DNS' : 'FINISHED';
    else if (lapCount === 0) status = 'DNS';
    else if (flag !== null && lastLapAt !== null) {
      status = lastLapAt >= flag ? 'FINISHED' : 'DNF';
      if (status === 'DNF') reason = 'retired: stopped before the flag';
    } else status = totalTime !== null ? 'FINISHED' : 'DNF';
    return {
      status,
      laps: lapCount,
      totalTimeMs: session === 'RACE' && status === 'FINISHED' ? totalTime : null,
      bestLapMs,
      drivers: slotDrivers(slot, check, slot.carId === null ? null : (teams.get(slot.carId) ?? null)),
      carModel: blankToNull(slot.result.at('CarModel').optionalString()),
      penaltyMs: 0,
      reason,
    };
  });
  return { format: 'AC', session, gameName: GAME_NAMES.AC, trackName: acTrack(root), lines: classify(lines, LABEL, session) };
}

/** One driver in several car slots (a reconnect, a change of car): their empty slots are dropped, keeping one if all are empty. */
function withoutExtraEmptySlots(slots: Slot[]): Slot[] {
  const driven = new Set(slots.filter((slot) => slot.guid && slot.laps.length > 0).map((slot) => slot.guid));
  const seenEmpty = new Set<string>();
  return slots.filter((slot) => {
    if (!slot.guid || slot.laps.length > 0) return true;
    if (driven.has(slot.guid) || seenEmpty.has(slot.guid)) return false;
    seenEmpty.add(slot.guid);
    return true;
  });
}

/** When the winner (most laps, first to complete them) crossed the line: the flag. Null when laps carry no Timestamp. */
function chequeredFlag(slots: Slot[]): number | null {
  let flag: { laps: number; at: number } | null = null;
  for (const slot of slots) {
    const at = lastTimestamp(slot);
    if (slot.laps.length === 0) continue;
    if (at === null) return null;
    if (!flag || slot.laps.length > flag.laps || (slot.laps.length === flag.laps && at < flag.at)) flag = { laps: slot.laps.length, at };
  }
  return flag?.at ?? null;
}

function lastTimestamp(slot: Slot): number | null {
  let last: number | null = null;
  for (const lap of slot.laps) {
    if (lap.timestamp === null) return null;
    last = last === null ? lap.timestamp : Math.max(last, lap.timestamp);
  }
  return last;
}

/** The slot's driver, then anyone else who drove the car's laps (in the order they first did); their own laps and time when shared. */
function slotDrivers(slot: Slot, check: LineCheck, teamName: string | null): ImportedDriver[] {
  const keyOf = (guid: string, name: string) => guid || name;
  const drivers = new Map<string, { name: string; guid: string; laps: number; timeMs: number }>([
    [keyOf(slot.guid, slot.name), { name: slot.name, guid: slot.guid, laps: 0, timeMs: 0 }],
  ]);
  for (const lap of slot.laps) {
    const key = keyOf(lap.guid, lap.name);
    if (!key) continue;
    const driver = drivers.get(key) ?? { name: lap.name || lap.guid, guid: lap.guid, laps: 0, timeMs: 0 };
    drivers.set(key, driver);
    driver.laps++;
    driver.timeMs += check.optionalTime(lap.lapTime, `LapTime of ${driver.name}`) ?? 0;
  }
  const shared = drivers.size > 1;
  return [...drivers.values()].map((driver) => ({
    name: driver.name,
    platformId: normalizePlatformId(driver.guid),
    raceNumber: null,
    teamName,
    laps: shared ? check.laps(driver.laps, `laps of ${driver.name}`) : null,
    drivingTimeMs: shared ? check.time(driver.timeMs, `driving time of ${driver.name}`) : null,
  }));
}

function acSession(type: JsonReader): ImportedClassification['session'] {
  const value = type.string().trim().toUpperCase();
  if (value === 'RACE') return 'RACE';
  if (value === 'QUALIFY') return 'QUALIFYING';
  if (value === 'PRACTICE' || value === 'BOOK' || value === 'BOOKING') {
    throw new ResultFileError(`${LABEL}: this is a ${value === 'PRACTICE' ? 'practice' : 'booking'} session; import the race or qualifying result`);
  }
  throw type.error(`"${value}" is not RACE or QUALIFY`);
}

function acTrack(root: JsonReader): string | null {
  const track = blankToNull(root.at('TrackName').optionalString());
  const layout = blankToNull(root.at('TrackConfig').optionalString());
  return track && layout ? `${track} (${layout})` : track;
}
