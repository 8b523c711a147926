import { describe, expect, it } from '@jest/globals';
import { parseResultFile } from './index.js';
import { fixture, jsonRefusalOf, parseJson } from './result-files.spec-support.js';

const raceSample = (): Record<string, unknown> & { Result: Record<string, unknown>[]; Cars: Record<string, unknown>[]; Laps: Record<string, unknown>[] } =>
  JSON.parse(fixture('ac-race.json').toString('utf8'));

describe('Assetto Corsa result files', () => {
  it('reads a race in the order of Result, counting each driver’s laps from Laps', () => {
    const result = parseResultFile(fixture('ac-race.json'), '2024_11_10_20_31_RACE.json');
    expect(result).toMatchObject({ format: 'AC', session: 'RACE', trackName: 'ks_red_bull_ring (layout_gp)' });
    expect(result.lines.map((line) => [line.position, line.driver.name, line.status, line.laps, line.totalTimeMs, line.bestLapMs, line.fastestLap])).toEqual([
      [1, 'Marco Rossi', 'FINISHED', 5, 452310, 88123, false],
      [2, 'Émilie Laurent', 'FINISHED', 5, 453870, 87990, true],
      [3, 'Kenji Watanabe', 'FINISHED', 5, 461002, 89456, false],
      [4, 'Lukas Novák', 'DNF', 3, null, 90112, false],
      [5, 'Oliver Grant', 'DNS', 0, null, null, false],
    ]);
  });

  it('leaves out entry-list slots nobody took', () => {
    const lines = parseResultFile(fixture('ac-race.json'), 'race.json').lines;
    expect(lines).toHaveLength(5);
    expect(lines.every((line) => line.driver.name !== '')).toBe(true);
  });

  it('takes DriverGuid as the platform id and the team from Cars; AC has no race numbers', () => {
    const [rossi, laurent, watanabe] = parseResultFile(fixture('ac-race.json'), 'race.json').lines;
    expect(rossi.driver).toEqual({ name: 'Marco Rossi', platformId: '76561198100000001', raceNumber: null, teamName: 'Rossi Corse', laps: null, drivingTimeMs: null });
    expect(laurent.driver.teamName).toBeNull();
    expect(watanabe.driver.teamName).toBe('Team Kaze');

    const olderServer = raceSample();
    delete olderServer.Cars[0].CarId;
    const lines = parseJson(olderServer).lines;
    expect(lines[0].driver.teamName).toBeNull();
    expect(lines[2].driver.teamName).toBe('Team Kaze');
  });

  it('reads a qualifying in best lap order (the grid): a best lap classifies, none is a DNS, no total times', () => {
    const file = { ...raceSample(), Type: 'QUALIFY' };
    const result = parseJson(file);
    expect(result.session).toBe('QUALIFYING');
    expect(result.lines.map((line) => [line.driver.name, line.status, line.totalTimeMs])).toEqual([
      ['Émilie Laurent', 'FINISHED', null],
      ['Marco Rossi', 'FINISHED', null],
      ['Kenji Watanabe', 'FINISHED', null],
      ['Lukas Novák', 'FINISHED', null],
      ['Oliver Grant', 'DNS', null],
    ]);
  });

  it('credits every driver of a car that changed drivers, with the laps and time each drove', () => {
    const shared = raceSample();
    // Rossi hands the car (slot 0) to a team-mate for its last two laps.
    const rossiLaps = shared.Laps.filter((lap) => lap.CarId === 0);
    for (const lap of rossiLaps.slice(3)) Object.assign(lap, { DriverName: 'Paolo Verdi', DriverGuid: '76561198100000009' });
    const rossi = parseJson(shared).lines[0];
    expect(rossi.driver.name).toBe('Marco Rossi');
    expect(rossi.drivers.map((driver) => [driver.name, driver.platformId, driver.laps, driver.drivingTimeMs])).toEqual([
      ['Marco Rossi', '76561198100000001', 3, 92471 + 89966 + 88123],
      ['Paolo Verdi', '76561198100000009', 2, 88900 + 90207],
    ]);
  });

  it('counts laps by driver when the laps carry no CarId (older servers)', () => {
    const older = raceSample();
    for (const lap of older.Laps) delete lap.CarId;
    expect(parseJson(older).lines.map((line) => [line.driver.name, line.status, line.laps])).toEqual([
      ['Marco Rossi', 'FINISHED', 5],
      ['Émilie Laurent', 'FINISHED', 5],
      ['Kenji Watanabe', 'FINISHED', 5],
      ['Lukas Novák', 'DNF', 3],
      ['Oliver Grant', 'DNS', 0],
    ]);
  });

  it('without lap timestamps (older servers), a total time still means the car finished', () => {
    const older = raceSample();
    for (const lap of older.Laps) delete lap.Timestamp;
    expect(parseJson(older).lines.map((line) => line.status)).toEqual(['FINISHED', 'FINISHED', 'FINISHED', 'DNF', 'DNS']);
  });

  it('refuses practice and booking sessions and unknown types', () => {
    expect(jsonRefusalOf({ ...raceSample(), Type: 'PRACTICE' })).toBe('Assetto Corsa result file: this is a practice session; import the race or qualifying result');
    expect(jsonRefusalOf({ ...raceSample(), Type: 'BOOK' })).toBe('Assetto Corsa result file: this is a booking session; import the race or qualifying result');
    expect(jsonRefusalOf({ ...raceSample(), Type: 'DRAG' })).toBe('Assetto Corsa result file: Type "DRAG" is not RACE or QUALIFY');
  });

  it('refuses a file without Result, with only empty slots, or with an incomplete line', () => {
    expect(jsonRefusalOf({ TrackName: 'ks_vallelunga', Type: 'RACE' })).toBe('Assetto Corsa result file: Result is missing');
    expect(jsonRefusalOf({ ...raceSample(), Result: [raceSample().Result[5]] })).toBe('Assetto Corsa result file: the session has no drivers');
    const noBestLap = raceSample();
    delete noBestLap.Result[2].BestLap;
    expect(jsonRefusalOf(noBestLap)).toBe('Assetto Corsa result file: Result[2].BestLap is missing');
  });
});
