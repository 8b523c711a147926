/**
 * Best valid laps per driver from a server result file, for the rivals boards. The competitions import
 * checks and decodes the file (ACC's UTF-16LE included) and says what is wrong with a bad one; this
 * reads the lap list it leaves out: ACC `laps[]` (`isValidForBest`), Assetto Corsa `Laps[]` (`Cuts` = 0).
 */
import { decodeResultFile, normalizePlatformId, parseResultFile, ResultFileError } from '../competitions/index.js';
import { JsonReader } from '../competitions/index.js';

export interface DriverBestLap {
  name: string;
  /** Steam id (17 digits), or null when the file has none for the driver. */
  steamId: string | null;
  /** Null: the driver has no valid lap in the file. */
  bestLapMs: number | null;
}

export interface LapFile {
  format: 'ACC' | 'AC';
  drivers: DriverBestLap[];
}

export function readBestLaps(bytes: Buffer, fileName: string): LapFile {
  const classification = parseResultFile(bytes, fileName);
  if (classification.format === 'RF2' || classification.format === 'LMU') {
    throw new ResultFileError(`Rivals reads ACC and Assetto Corsa result files (.json); this is a ${classification.gameName} file`);
  }
  const root = new JsonReader(`${classification.format} result file`, JSON.parse(decodeResultFile(bytes, fileName).trim()) as unknown);
  return { format: classification.format, drivers: classification.format === 'ACC' ? accLaps(root) : acLaps(root) };
}

function accLaps(root: JsonReader): DriverBestLap[] {
  const drivers = new Map<string, DriverBestLap>();
  const key = (carId: number, index: number) => `${carId}:${index}`;
  for (const line of root.at('sessionResult').object().at('leaderBoardLines').list()) {
    const car = line.at('car').object();
    const carId = car.at('carId').number();
    car
      .at('drivers')
      .list()
      .forEach((driver, index) => {
        const name =
          [driver.at('firstName').optionalString(), driver.at('lastName').optionalString()].filter(Boolean).join(' ').trim() ||
          driver.at('shortName').optionalString() ||
          `#${carId}`;
        drivers.set(key(carId, index), { name, steamId: steamOnly(driver.at('playerId').optionalString()), bestLapMs: null });
      });
  }
  for (const lap of root.at('laps').optionalList()) {
    lap.object();
    if (lap.at('isValidForBest').value !== true) continue;
    const driver = drivers.get(key(lap.at('carId').number(), lap.at('driverIndex').number()));
    const ms = lapMs(lap.at('laptime').number());
    if (driver && ms !== null && (driver.bestLapMs === null || ms < driver.bestLapMs)) driver.bestLapMs = ms;
  }
  return [...drivers.values()];
}

function acLaps(root: JsonReader): DriverBestLap[] {
  const drivers = new Map<string, DriverBestLap>();
  for (const result of root.at('Result').optionalList()) {
    const guid = result.object().at('DriverGuid').optionalString() ?? '';
    const name = result.at('DriverName').optionalString() ?? guid;
    if (guid || name) drivers.set(guid || name, { name, steamId: steamOnly(guid), bestLapMs: null });
  }
  for (const lap of root.at('Laps').optionalList()) {
    lap.object();
    const guid = lap.at('DriverGuid').optionalString() ?? '';
    const name = lap.at('DriverName').optionalString() ?? guid;
    const id = guid || name;
    if (!drivers.has(id)) drivers.set(id, { name, steamId: steamOnly(guid), bestLapMs: null });
    if ((lap.at('Cuts').optionalNumber() ?? 0) > 0) continue;
    const ms = lapMs(lap.at('LapTime').number());
    const driver = drivers.get(id)!;
    if (ms !== null && (driver.bestLapMs === null || ms < driver.bestLapMs)) driver.bestLapMs = ms;
  }
  return [...drivers.values()];
}

function lapMs(ms: number): number | null {
  return Number.isFinite(ms) && ms > 0 && ms < 999_999_999 && ms !== 2147483647 ? Math.round(ms) : null;
}

function steamOnly(id: string | null): string | null {
  const normalized = normalizePlatformId(id);
  return normalized && /^\d{17}$/.test(normalized) ? normalized : null;
}
