/**
 * rFactor 2 and Le Mans Ultimate results (`UserData/Log/Results/*.xml`, one format): one session (`<Race>`,
 * `<Qualify>`) inside `<rFactorXML><RaceResults>`, a `<Driver>` per car with its `<Position>` and
 * `<FinishStatus>`, and a `<Swap>` per stint when drivers shared the car. Times are in seconds. The files
 * carry no platform ids, so drivers are matched by name.
 */
import type { ResultStatus } from '../../../contracts/competitions.js';
import {
  GAME_NAMES,
  type ImportedClassification,
  type ImportedDriver,
  LineCheck,
  NOT_A_RESULT,
  type ReadLine,
  ResultFileError,
  blankToNull,
  classify,
} from './classification.js';
import { type XmlElement, child, childText, children, parseXml } from './xml-tree.js';

const LABEL = 'rFactor 2 result file';

const FINISH_STATUSES: Record<string, ResultStatus | 'NONE'> = { 'Finished Normally': 'FINISHED', DNF: 'DNF', DQ: 'DSQ', None: 'NONE' };

export function readRfactor2Result(text: string): ImportedClassification {
  const root = parseXml(text, 'rFactor 2 XML');
  if (root.name !== 'rFactorXML') throw new ResultFileError(`${NOT_A_RESULT}: the XML's root element is <${root.name}>, not <rFactorXML>`);
  const results = child(root, 'RaceResults');
  if (!results) throw new ResultFileError(`${LABEL}: <RaceResults> is missing`);
  const { element, session } = scoredSession(results);
  const format = isLeMansUltimate(results, element) ? 'LMU' : 'RF2';
  const label = format === 'LMU' ? 'Le Mans Ultimate result file' : LABEL;

  const lines = children(element, 'Driver')
    .map((driver, index) => readDriver(driver, index, session, element.name, label))
    .sort((a, b) => a.filePosition - b.filePosition)
    .map(({ line }) => line);
  if (lines.length === 0) throw new ResultFileError(`${label}: the <${element.name}> session has no <Driver> entries`);
  const trackName = blankToNull(childText(results, 'TrackCourse')) ?? blankToNull(childText(results, 'TrackVenue'));
  return { format, session, gameName: GAME_NAMES[format], trackName, lines: classify(lines, label, session) };
}

/**
 * Le Mans Ultimate writes rFactor 2's format: it shows in the install path of the cars (`<VehFile>`), the
 * mod or server names, or the virtual energy (`ve`, `veUsed`) its laps record and rFactor 2's never do.
 */
function isLeMansUltimate(results: XmlElement, session: XmlElement): boolean {
  const named = (text: string | null) => text !== null && /le mans ultimate|\bLMU\b/i.test(text);
  if (['Mod', 'ServerName', 'GameName'].some((tag) => named(childText(results, tag)))) return true;
  return children(session, 'Driver').some(
    (driver) => named(childText(driver, 'VehFile')) || children(driver, 'Lap').some((lap) => 've' in lap.attributes || 'veUsed' in lap.attributes),
  );
}

function scoredSession(results: XmlElement): { element: XmlElement; session: ImportedClassification['session'] } {
  const race = results.children.find((element) => /^Race\d*$/.test(element.name));
  if (race) return { element: race, session: 'RACE' };
  const qualifying = results.children.find((element) => /^Qualify\d*$/.test(element.name));
  if (qualifying) return { element: qualifying, session: 'QUALIFYING' };
  const other = results.children.find((element) => /^(Practice|Warmup|TestDay)\d*$/.test(element.name));
  if (other) throw new ResultFileError(`${LABEL}: this is a practice session (<${other.name}>); import the race or qualifying result`);
  throw new ResultFileError(`${LABEL}: <RaceResults> has no <Race> or <Qualify> session`);
}

function readDriver(
  driver: XmlElement,
  index: number,
  session: ImportedClassification['session'],
  sessionName: string,
  label: string,
): { filePosition: number; line: ReadLine } {
  const where = `<${sessionName}> driver ${index + 1}`;
  const name = blankToNull(childText(driver, 'Name'));
  if (!name) throw new ResultFileError(`${label}: ${where} has no <Name>`);
  const field = (tag: string, required: boolean): number | null => {
    const text = childText(driver, tag);
    if (text === null || text === '') {
      if (required) throw new ResultFileError(`${label}: ${where} (${name}) has no <${tag}>`);
      return null;
    }
    const value = Number(text);
    if (!Number.isFinite(value)) throw new ResultFileError(`${label}: ${where} (${name}) has <${tag}>${text}</${tag}>, which is not a number`);
    return value;
  };

  const filePosition = field('Position', true)!;
  const check = new LineCheck(label, filePosition, name);
  const laps = check.laps(field('Laps', true)!, '<Laps>');
  const bestLapSeconds = field('BestLapTime', false);
  const bestLapMs = bestLapSeconds === null || bestLapSeconds <= 0 ? null : check.seconds(bestLapSeconds, '<BestLapTime>');
  const finishStatus = childText(driver, 'FinishStatus') ?? 'None';
  const finish = FINISH_STATUSES[finishStatus];
  if (!finish) throw new ResultFileError(`${label}: ${where} (${name}) has an unknown <FinishStatus> "${finishStatus}"`);

  let status: ResultStatus;
  if (finish === 'DSQ') status = 'DSQ';
  else if (session === 'QUALIFYING') status = bestLapMs === null ? 'DNS' : 'FINISHED';
  else if (finish === 'NONE') status = laps > 0 ? 'DNF' : 'DNS';
  else status = finish;

  const finishSeconds = field('FinishTime', false);
  const dnfReason = blankToNull(childText(driver, 'DNFReason'));
  return {
    filePosition,
    line: {
      status,
      laps,
      totalTimeMs: session === 'RACE' && status === 'FINISHED' && finishSeconds !== null && finishSeconds > 0 ? check.seconds(finishSeconds, '<FinishTime>') : null,
      bestLapMs,
      drivers: carDrivers(driver, name, check),
      carModel: blankToNull(childText(driver, 'CarType')) ?? blankToNull(childText(driver, 'VehName')),
      penaltyMs: 0,
      reason: status === 'DNF' && session === 'RACE' ? `retired: ${dnfReason ?? 'stopped before the flag'}` : status === 'DSQ' ? 'disqualified' : null,
    },
  };
}

/**
 * The car's drivers from its `<Swap startLap endLap>` stints, in order (the first stint's driver first); the
 * `<Name>` is the car's last driver. Each driver's laps and driving time are those `<Lap num>`s in their stints
 * (a lap on the boundary of two stints is the later one's). Without swaps, `<Name>` drove alone.
 */
function carDrivers(driver: XmlElement, name: string, check: LineCheck): ImportedDriver[] {
  // Car "numbers" may carry letters ("7B"): only a plain number is one.
  const carNumber = childText(driver, 'CarNumber');
  const shared = { platformId: null, raceNumber: carNumber && /^\d{1,6}$/.test(carNumber) ? Number(carNumber) : null, teamName: blankToNull(childText(driver, 'TeamName')) };
  const stints = children(driver, 'Swap').flatMap((swap) => {
    const swapName = blankToNull(swap.text);
    const start = Number(swap.attributes.startLap);
    const end = Number(swap.attributes.endLap);
    return swapName ? [{ name: swapName, start: Number.isFinite(start) ? start : null, end: Number.isFinite(end) ? end : null }] : [];
  });
  const names = [...new Set([...stints.map((stint) => stint.name), name])];
  if (names.length === 1) return [{ name, ...shared, laps: null, drivingTimeMs: null }];

  const laps = children(driver, 'Lap');
  if (laps.length === 0) return names.map((driverName) => ({ name: driverName, ...shared, laps: null, drivingTimeMs: null }));
  const totals = new Map(names.map((driverName) => [driverName, { laps: 0, timeMs: 0 }]));
  for (const lap of laps) {
    const number = Number(lap.attributes.num);
    const stint = stints.findLast((candidate) => candidate.start !== null && candidate.end !== null && number >= candidate.start && number <= candidate.end);
    if (!stint) continue;
    const total = totals.get(stint.name)!;
    total.laps++;
    const seconds = Number(lap.text.trim());
    if (Number.isFinite(seconds) && seconds > 0) total.timeMs += check.seconds(seconds, `<Lap num="${lap.attributes.num}">`);
  }
  return names.map((driverName) => {
    const total = totals.get(driverName)!;
    return { name: driverName, ...shared, laps: check.laps(total.laps, `laps of ${driverName}`), drivingTimeMs: check.time(total.timeMs, `driving time of ${driverName}`) };
  });
}
