/**
 * rFactor 2 dedicated server results (`UserData/Log/Results/*.xml`): one session (`<Race>`, `<Qualify>`)
 * inside `<rFactorXML><RaceResults>`, a `<Driver>` per car with its `<Position>` and `<FinishStatus>`.
 * Times are in seconds. rFactor 2 writes no platform ids, so drivers are matched by name.
 */
import type { ResultStatus } from '../../../contracts/competitions.js';
import { type ImportedClassification, type ReadLine, ResultFileError, blankToNull, classify, lapTime } from './classification.js';
import { type XmlElement, child, childText, parseXml } from './xml-tree.js';

const LABEL = 'rFactor 2 result file';

const FINISH_STATUSES: Record<string, ResultStatus | 'NONE'> = { 'Finished Normally': 'FINISHED', DNF: 'DNF', DQ: 'DSQ', None: 'NONE' };

/** Whether an XML document is an rFactor 2 result (its root element), before reading it. */
export function isRfactor2Root(root: XmlElement): boolean {
  return root.name === 'rFactorXML';
}

export function readRfactor2Result(text: string): ImportedClassification {
  const root = parseXml(text, 'rFactor 2 XML');
  if (!isRfactor2Root(root)) throw new ResultFileError(`Not an ACC, Assetto Corsa or rFactor 2 result file: the XML's root element is <${root.name}>, not <rFactorXML>`);
  const results = child(root, 'RaceResults');
  if (!results) throw new ResultFileError(`${LABEL}: <RaceResults> is missing`);
  const { element, session } = scoredSession(results);

  const drivers = element.children.filter((candidate) => candidate.name === 'Driver');
  const lines = drivers
    .map((driver, index) => readDriver(driver, index, session, element.name))
    .sort((a, b) => a.filePosition - b.filePosition)
    .map(({ line }) => line);
  if (lines.length === 0) throw new ResultFileError(`${LABEL}: the <${element.name}> session has no <Driver> entries`);
  const trackName = blankToNull(childText(results, 'TrackCourse')) ?? blankToNull(childText(results, 'TrackVenue'));
  return { format: 'RF2', session, trackName, lines: classify(lines, LABEL) };
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

function readDriver(driver: XmlElement, index: number, session: ImportedClassification['session'], sessionName: string): { filePosition: number; line: ReadLine } {
  const where = `<${sessionName}> driver ${index + 1}`;
  const name = blankToNull(childText(driver, 'Name'));
  if (!name) throw new ResultFileError(`${LABEL}: ${where} has no <Name>`);
  const field = (tag: string, required: boolean): number | null => {
    const text = childText(driver, tag);
    if (text === null || text === '') {
      if (required) throw new ResultFileError(`${LABEL}: ${where} (${name}) has no <${tag}>`);
      return null;
    }
    const value = Number(text);
    if (!Number.isFinite(value)) throw new ResultFileError(`${LABEL}: ${where} (${name}) has <${tag}>${text}</${tag}>, which is not a number`);
    return value;
  };

  const laps = field('Laps', true)!;
  const bestLapSeconds = field('BestLapTime', false);
  const bestLapMs = bestLapSeconds === null ? null : lapTime(bestLapSeconds * 1000);
  const finishStatus = childText(driver, 'FinishStatus') ?? 'None';
  const finish = FINISH_STATUSES[finishStatus];
  if (!finish) throw new ResultFileError(`${LABEL}: ${where} (${name}) has an unknown <FinishStatus> "${finishStatus}"`);

  let status: ResultStatus;
  if (finish === 'DSQ') status = 'DSQ';
  else if (session === 'QUALIFYING') status = bestLapMs === null ? 'DNS' : 'FINISHED';
  else if (finish === 'NONE') status = laps > 0 ? 'DNF' : 'DNS';
  else status = finish;

  const finishSeconds = field('FinishTime', false);
  // Car "numbers" may carry letters ("7B"): only a plain number is one.
  const carNumber = childText(driver, 'CarNumber');
  return {
    filePosition: field('Position', true)!,
    line: {
      status,
      laps,
      totalTimeMs: session === 'RACE' && status === 'FINISHED' && finishSeconds !== null && finishSeconds > 0 ? Math.round(finishSeconds * 1000) : null,
      bestLapMs,
      driver: {
        name,
        platformId: null,
        raceNumber: carNumber && /^\d{1,6}$/.test(carNumber) ? Number(carNumber) : null,
        teamName: blankToNull(childText(driver, 'TeamName')),
      },
    },
  };
}
