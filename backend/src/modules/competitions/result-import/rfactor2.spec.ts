import { describe, expect, it } from '@jest/globals';
import { ResultFileError, parseResultFile } from './index.js';
import { fixture, refusalOf } from './result-files.spec-support.js';

const raceXml = () => fixture('rf2-race.xml').toString('utf8');
const parseXml = (xml: string) => parseResultFile(Buffer.from(xml), 'variant.xml');
const failureOf = (xml: string) => refusalOf(Buffer.from(xml), 'variant.xml');
const session = (tag: string, drivers: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<rFactorXML version="1.0"><RaceResults><TrackVenue>Sebring</TrackVenue><${tag}>${drivers}</${tag}></RaceResults></rFactorXML>`;
const driver = (name: string, position: number, fields: string) => `<Driver><Name>${name}</Name><Position>${position}</Position>${fields}</Driver>`;

describe('rFactor 2 result files', () => {
  it('reads a race by <Position>, in seconds turned to milliseconds, with the FinishStatus of each driver', () => {
    const result = parseResultFile(fixture('rf2-race.xml'), 'Race.xml');
    expect(result).toMatchObject({ format: 'RF2', session: 'RACE', trackName: 'Spa-Francorchamps 2022' });
    expect(result.lines.map((line) => [line.position, line.driver.name, line.status, line.laps, line.totalTimeMs, line.bestLapMs])).toEqual([
      [1, 'Niklas Berg', 'FINISHED', 8, 1102457, 136812],
      [2, 'José Álvarez', 'FINISHED', 8, 1104903, 136455],
      [3, 'Ian McAllister', 'FINISHED', 8, 1110021, 137300],
      [4, 'Wei Zhang', 'FINISHED', 7, 1150318, 140012],
      [5, 'Sébastien Marchetti', 'DNF', 3, null, 138904],
      [6, 'Pavel Horák', 'DSQ', 8, null, 136201],
    ]);
  });

  it('gives the fastest lap to the best classified lap: a disqualified driver’s faster lap does not count', () => {
    const lines = parseResultFile(fixture('rf2-race.xml'), 'Race.xml').lines;
    expect(lines.filter((line) => line.fastestLap).map((line) => line.driver.name)).toEqual(['José Álvarez']);
  });

  it('reads car numbers and team names (entities decoded); rFactor 2 files carry no platform id', () => {
    const jose = parseResultFile(fixture('rf2-race.xml'), 'Race.xml').lines[1];
    expect(jose.driver).toEqual({ name: 'José Álvarez', platformId: null, raceNumber: 14, teamName: 'Scuderia Álvarez & Hijos', laps: null, drivingTimeMs: null });
    const lettered = parseXml(session('Race', driver('A', 1, '<CarNumber>7B</CarNumber><Laps>3</Laps><FinishStatus>Finished Normally</FinishStatus>')));
    expect(lettered.lines[0].driver.raceNumber).toBeNull();
  });

  it('reads a qualifying: a best lap classifies, none is a DNS; a driver with status None and laps in a race is a DNF', () => {
    const qualifying = parseXml(
      session(
        'Qualify',
        driver('Slow', 2, '<BestLapTime>121.5</BestLapTime><Laps>4</Laps><FinishStatus>None</FinishStatus>') +
          driver('Quick', 1, '<BestLapTime>120.25</BestLapTime><Laps>5</Laps><FinishStatus>None</FinishStatus>') +
          driver('Garage', 3, '<Laps>0</Laps><FinishStatus>None</FinishStatus>'),
      ),
    );
    expect(qualifying.session).toBe('QUALIFYING');
    expect(qualifying.trackName).toBe('Sebring');
    expect(qualifying.lines.map((line) => [line.position, line.driver.name, line.status, line.bestLapMs])).toEqual([
      [1, 'Quick', 'FINISHED', 120250],
      [2, 'Slow', 'FINISHED', 121500],
      [3, 'Garage', 'DNS', null],
    ]);
    const race = parseXml(
      session('Race', driver('Gone', 1, '<Laps>2</Laps><FinishStatus>None</FinishStatus>') + driver('Never', 2, '<Laps>0</Laps><FinishStatus>None</FinishStatus>')),
    );
    expect(race.lines.map((line) => line.status)).toEqual(['DNF', 'DNS']);
  });

  it('refuses numbers out of range naming the line and the element', () => {
    expect(failureOf(raceXml().replace('<Laps>7</Laps>', '<Laps>1e10</Laps>'))).toBe(
      'rFactor 2 result file: line 4 (Wei Zhang): <Laps> is 10000000000, which is out of range (a lap count is a whole number from 0 to 10000)',
    );
    expect(failureOf(raceXml().replace('<FinishTime>1102.4570</FinishTime>', '<FinishTime>1e308</FinishTime>'))).toBe(
      'rFactor 2 result file: line 1 (Niklas Berg): <FinishTime> is 1e+308, which is out of range (a time is from 0 to 7 days)',
    );
  });

  it('says on which line broken XML breaks', () => {
    expect(() => parseResultFile(fixture('rf2-broken.xml'), 'Race.xml')).toThrow(new ResultFileError('rFactor 2 XML is malformed at line 12: unexpected close tag'));
    expect(failureOf(raceXml().slice(0, 5000))).toMatch(/^rFactor 2 XML is malformed at line \d+: unclosed tag: /);
  });

  it('refuses XML that is not an rFactor 2 result, or holds no race or qualifying', () => {
    expect(failureOf('<results><car/></results>')).toBe(
      "Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: the XML's root element is <results>, not <rFactorXML>",
    );
    expect(failureOf('<rFactorXML version="1.0"><Other/></rFactorXML>')).toBe('rFactor 2 result file: <RaceResults> is missing');
    expect(failureOf(session('Practice1', driver('A', 1, '<Laps>3</Laps>')))).toBe(
      'rFactor 2 result file: this is a practice session (<Practice1>); import the race or qualifying result',
    );
    expect(failureOf(session('Race', ''))).toBe('rFactor 2 result file: the <Race> session has no <Driver> entries');
  });

  it('refuses the whole file when one driver is incomplete or unreadable, naming the driver and the element', () => {
    expect(failureOf(raceXml().replace('<FinishStatus>DNF</FinishStatus>', '<FinishStatus>Retired</FinishStatus>'))).toBe(
      'rFactor 2 result file: <Race> driver 4 (Sébastien Marchetti) has an unknown <FinishStatus> "Retired"',
    );
    expect(failureOf(raceXml().replace('<Laps>7</Laps>', '<Laps>seven</Laps>'))).toBe(
      'rFactor 2 result file: <Race> driver 6 (Wei Zhang) has <Laps>seven</Laps>, which is not a number',
    );
    expect(failureOf(session('Race', driver('A', 1, '<FinishStatus>DNF</FinishStatus>')))).toBe('rFactor 2 result file: <Race> driver 1 (A) has no <Laps>');
    expect(failureOf(session('Race', '<Driver><Position>1</Position><Laps>1</Laps></Driver>'))).toBe('rFactor 2 result file: <Race> driver 1 has no <Name>');
  });

  it('expands simple internal entities of a DOCTYPE, once; refuses external ones, entities made of entities and entity floods', () => {
    const withEntity = raceXml()
      .replace('<rFactorXML', '<!DOCTYPE rF [\n<!ENTITY rFEnt "rFactor Entity">\n]>\n<rFactorXML')
      .replace('<TrackCourse>Spa-Francorchamps 2022', '<TrackCourse>&rFEnt; Spa');
    expect(parseXml(withEntity).trackName).toBe('rFactor Entity Spa');
    const bomb = '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n<rFactorXML>&lol2;</rFactorXML>';
    expect(failureOf(bomb)).toBe(
      'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: rFactor 2 XML has a DOCTYPE whose entity "lol2" refers to other entities or holds markup, which is never expanded',
    );
    const flood = `<!DOCTYPE rF [<!ENTITY big "${'x'.repeat(200)}">]><rFactorXML>${'&big;'.repeat(6000)}</rFactorXML>`;
    expect(failureOf(flood)).toBe(
      "Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: rFactor 2 XML uses its DOCTYPE's entities to grow beyond any result file",
    );
    for (const external of [
      '<!DOCTYPE rF SYSTEM "http://example.com/rf.dtd">',
      '<!DOCTYPE rF [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE rF PUBLIC "-//x//EN" "rf.dtd">',
    ]) {
      expect(failureOf(`${external}<rFactorXML>&secret;</rFactorXML>`)).toBe(
        'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: rFactor 2 XML has a DOCTYPE that points at an external file (SYSTEM or PUBLIC), which is never fetched',
      );
    }
    const redefined = raceXml().replace('<rFactorXML', '<!DOCTYPE rF [<!ENTITY amp "and">]>\n<rFactorXML');
    expect(parseXml(redefined).lines[1].driver.teamName).toBe('Scuderia Álvarez & Hijos');
    expect(failureOf('<!DOCTYPE rF [<!ENTITY % p "x">]><rFactorXML/>')).toBe(
      'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: rFactor 2 XML has a DOCTYPE with declarations other than simple entities, which result files never have',
    );
    expect(failureOf('<!DOCTYPE html>\n<html><body>Results</body></html>')).toBe(
      "Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: the XML's root element is <html>, not <rFactorXML>",
    );
  });

  it('refuses documents nested deeper or holding more elements than any result file', () => {
    expect(failureOf(`<rFactorXML>${'<a>'.repeat(40)}${'</a>'.repeat(40)}</rFactorXML>`)).toBe('rFactor 2 XML is nested more than 32 levels deep: not a result file');
    expect(failureOf(`<rFactorXML>${'<a/>'.repeat(100_000)}</rFactorXML>`)).toBe('rFactor 2 XML has more than 100000 elements: not a result file');
  });
});
