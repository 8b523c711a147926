/**
 * Assetto Corsa dedicated server results (acServer `results/YYYY_M_D_H_M_RACE.json`). The order of
 * `Result` is the classification; `TotalTime` is set only for drivers who took the flag, and laps are
 * counted from `Laps`.
 */
import { type ImportedClassification, type ReadLine, ResultFileError, blankToNull, classify, lapTime, normalizePlatformId } from './classification.js';
import { JsonReader } from './json-reader.js';

const LABEL = 'Assetto Corsa result file';

export function readAcResult(file: unknown): ImportedClassification {
  const root = new JsonReader(LABEL, file);
  const session = acSession(root.at('Type'));
  const results = root.at('Result').list();
  const laps = root
    .at('Laps')
    .optionalList()
    .map((lap) => ({ carId: lap.object().at('CarId').optionalNumber(), guid: lap.at('DriverGuid').optionalString() ?? '' }));
  // Cars only lends team names: an entry without a CarId (older servers) simply has none.
  const teams = new Map(
    root
      .at('Cars')
      .optionalList()
      .map((car) => [car.object().at('CarId').optionalNumber(), blankToNull(car.at('Driver').at('Team').optionalString())] as const)
      .filter(([carId]) => carId !== null),
  );

  const lines = results.flatMap((result): ReadLine[] => {
    result.object();
    const name = result.at('DriverName').string().trim();
    const guid = result.at('DriverGuid').string().trim();
    const carId = result.at('CarId').optionalNumber();
    // The server lists every car of the entry list; a slot nobody took has no driver.
    if (!name && !guid) return [];
    if (!name) throw result.at('DriverName').error('is empty');
    const lapCount = laps.filter((lap) => (guid ? lap.guid === guid : lap.carId === carId)).length;
    const bestLapMs = lapTime(result.at('BestLap').number());
    const totalTime = result.at('TotalTime').number();
    const status = session === 'RACE' ? (totalTime > 0 ? 'FINISHED' : lapCount > 0 ? 'DNF' : 'DNS') : bestLapMs === null ? 'DNS' : 'FINISHED';
    return [
      {
        status,
        laps: lapCount,
        totalTimeMs: session === 'RACE' && status === 'FINISHED' ? Math.round(totalTime) : null,
        bestLapMs,
        driver: { name, platformId: normalizePlatformId(guid), raceNumber: null, teamName: carId === null ? null : (teams.get(carId) ?? null) },
      },
    ];
  });
  return { format: 'AC', session, trackName: acTrack(root), lines: classify(lines, LABEL) };
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
