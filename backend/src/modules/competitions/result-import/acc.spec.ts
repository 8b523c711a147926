import { describe, expect, it } from '@jest/globals';
import { ResultFileError, parseResultFile } from './index.js';
import { fixture, jsonRefusalOf, parseJson } from './result-files.spec-support.js';

/** The race sample as an object, to derive variants from. */
const raceSample = (): Record<string, unknown> & { sessionResult: { leaderBoardLines: Record<string, unknown>[] } } =>
  JSON.parse(fixture('acc-race.utf16le.json').subarray(2).toString('utf16le'));

describe('ACC result files', () => {
  it('reads a race in the order of leaderBoardLines, with laps, times and Steam ids', () => {
    const result = parseResultFile(fixture('acc-race.utf16le.json'), '241110_203512_R.json');
    expect(result).toMatchObject({ format: 'ACC', session: 'RACE', trackName: 'monza' });
    expect(result.lines.map((line) => [line.position, line.driver.name, line.status, line.laps, line.totalTimeMs, line.bestLapMs])).toEqual([
      [1, 'Lando Moreau', 'FINISHED', 14, 1532845, 108412],
      [2, 'Jörg Schäfer', 'FINISHED', 14, 1535120, 108197],
      [3, 'Chloé Durand', 'FINISHED', 14, 1541003, 108903],
      [4, 'Tom Baker', 'FINISHED', 13, 1549870, 110250],
      [5, 'Ravi Patel', 'DNF', 8, null, 109511],
      [6, "Sam O'Neill", 'DNS', 0, null, null],
    ]);
    expect(result.lines[1].driver).toEqual({
      name: 'Jörg Schäfer',
      platformId: '76561198023456782',
      raceNumber: 22,
      teamName: 'Schäfer Motorsport',
      laps: null,
      drivingTimeMs: null,
    });
    expect(result.lines[0].driver).toEqual({ name: 'Lando Moreau', platformId: '76561198012345671', raceNumber: 7, teamName: null, laps: null, drivingTimeMs: null });
  });

  it('counts a lapped car that took the flag as a finisher and a car that stopped before the flag as a DNF', () => {
    const lines = parseResultFile(fixture('acc-race.utf16le.json'), 'race.json').lines;
    // Baker is a lap down but crossed the line after the winner; Patel stopped after 8 laps, long before.
    expect(lines.find((line) => line.driver.name === 'Tom Baker')?.status).toBe('FINISHED');
    expect(lines.find((line) => line.driver.name === 'Ravi Patel')?.status).toBe('DNF');
  });

  it('marks the lowest best lap as the fastest lap, on one line only', () => {
    const lines = parseResultFile(fixture('acc-race.utf16le.json'), 'race.json').lines;
    expect(lines.filter((line) => line.fastestLap).map((line) => line.driver.name)).toEqual(['Jörg Schäfer']);
  });

  it('reads a UTF-8 qualifying: best lap order, no valid lap is a DNS, no total times', () => {
    const result = parseResultFile(fixture('acc-qualifying.utf8.json'), '241117_194500_Q.json');
    expect(result).toMatchObject({ format: 'ACC', session: 'QUALIFYING', trackName: 'spa' });
    expect(result.lines.map((line) => [line.position, line.driver.name, line.status, line.bestLapMs, line.totalTimeMs, line.fastestLap])).toEqual([
      [1, 'Ana Lima', 'FINISHED', 137024, null, true],
      [2, 'Maximilian Krüger', 'FINISHED', 137311, null, false],
      [3, 'Ella Johansson', 'FINISHED', 137902, null, false],
      [4, 'Diego Fernández', 'FINISHED', 138455, null, false],
      [5, 'Noah Williams', 'DNS', null, null, false],
    ]);
  });

  it("takes a shared car's first driver, and a playerId with or without its S as the bare SteamID64", () => {
    const [lima, kruger] = parseResultFile(fixture('acc-qualifying.utf8.json'), 'q.json').lines;
    // The file gives only Lima's time at the wheel (one driverTotalTimes entry) and lists no laps.
    expect(lima.driver).toEqual({ name: 'Ana Lima', platformId: '76561198055555555', raceNumber: 55, teamName: 'Apex Racing', laps: null, drivingTimeMs: 822301 });
    expect(lima.drivers.map((driver) => [driver.name, driver.platformId, driver.drivingTimeMs])).toEqual([
      ['Ana Lima', '76561198055555555', 822301],
      ['Piet de Vries', '76561198066666666', null],
    ]);
    expect(kruger.driver.platformId).toBe('76561198077777777');
  });

  it('classifies a car the race director disqualified after the finishers and non-finishers, without the fastest lap', () => {
    const file = raceSample();
    // Not cleared: clearedInLap 0 (a DQ with a clearedInLap is one the race director cleared, see the fixtures).
    file.post_race_penalties = [{ carId: 1002, driverIndex: 0, reason: 'Other', penalty: 'Disqualified', penaltyValue: 0, violationInLap: 0, clearedInLap: 0 }];
    const lines = parseJson(file).lines;
    expect(lines.map((line) => [line.position, line.driver.name, line.status])).toEqual([
      [1, 'Lando Moreau', 'FINISHED'],
      [2, 'Chloé Durand', 'FINISHED'],
      [3, 'Tom Baker', 'FINISHED'],
      [4, 'Ravi Patel', 'DNF'],
      [5, 'Jörg Schäfer', 'DSQ'],
      [6, "Sam O'Neill", 'DNS'],
    ]);
    expect(lines.find((line) => line.fastestLap)?.driver.name).toBe('Lando Moreau');
  });

  it('refuses numbers out of range with the line (position and driver) and the field, never passing them on', () => {
    const withTiming = (index: number, timing: Record<string, unknown>) => {
      const file = raceSample();
      Object.assign(file.sessionResult.leaderBoardLines[index].timing as Record<string, unknown>, timing);
      return file;
    };
    expect(jsonRefusalOf(withTiming(0, { totalTime: 1e308 }))).toBe(
      'ACC result file: line 1 (Lando Moreau): timing.totalTime is 1e+308, which is out of range (a time is from 0 to 7 days)',
    );
    expect(jsonRefusalOf(withTiming(2, { lapCount: 1e10 }))).toBe(
      'ACC result file: line 3 (Chloé Durand): timing.lapCount is 10000000000, which is out of range (a lap count is a whole number from 0 to 10000)',
    );
    expect(jsonRefusalOf(withTiming(3, { lapCount: -5 }))).toBe(
      'ACC result file: line 4 (Tom Baker): timing.lapCount is -5, which is out of range (a lap count is a whole number from 0 to 10000)',
    );
    expect(jsonRefusalOf(withTiming(3, { lapCount: 12.5 }))).toBe(
      'ACC result file: line 4 (Tom Baker): timing.lapCount is 12.5, which is out of range (a lap count is a whole number from 0 to 10000)',
    );
    expect(jsonRefusalOf(withTiming(1, { bestLap: -108197 }))).toBe(
      'ACC result file: line 2 (Jörg Schäfer): timing.bestLap is -108197, which is out of range (a time is from 0 to 7 days)',
    );
    const penalty = raceSample();
    penalty.post_race_penalties = [{ carId: 1001, driverIndex: 0, reason: 'Other', penalty: 'PostRaceTime', penaltyValue: 1e12, violationInLap: 0, clearedInLap: 0 }];
    expect(jsonRefusalOf(penalty)).toBe(
      "ACC result file: line 1 (Lando Moreau): the post-race penalty's penaltyValue (seconds) is 1000000000000, which is out of range (a time is from 0 to 7 days)",
    );
  });

  it('treats the "no time" values ACC writes (int32 max, 0) as no time', () => {
    const file = raceSample();
    Object.assign(file.sessionResult.leaderBoardLines[4].timing as Record<string, unknown>, { totalTime: 2147483647, bestLap: 2147483647 });
    const patel = parseJson(file).lines.find((line) => line.driver.name === 'Ravi Patel')!;
    expect([patel.status, patel.totalTimeMs, patel.bestLapMs]).toEqual(['DNF', null, null]);
  });

  it('refuses a practice session and an unknown session type', () => {
    expect(jsonRefusalOf({ ...raceSample(), sessionType: 'FP' })).toBe('ACC result file: this is a practice session (FP); import the race or qualifying result');
    expect(jsonRefusalOf({ ...raceSample(), sessionType: 'X' })).toBe('ACC result file: sessionType "X" is not R (race), Q (qualifying) or FP (practice)');
  });

  it('refuses a file without a classification, naming what is missing', () => {
    expect(() => parseResultFile(fixture('acc-wrong-shape.json'), 'broken.json')).toThrow(new ResultFileError('ACC result file: sessionResult.leaderBoardLines is missing'));
    expect(jsonRefusalOf({ ...raceSample(), sessionResult: { leaderBoardLines: [] } })).toBe(
      'ACC result file: sessionResult.leaderBoardLines is empty (nobody drove in the session)',
    );
    expect(jsonRefusalOf({ sessionType: 'R', trackName: 'monza' })).toBe('ACC result file: sessionResult is missing');
  });

  it('refuses the whole file when one line is incomplete, naming the field', () => {
    const missingLaps = raceSample();
    delete (missingLaps.sessionResult.leaderBoardLines[3].timing as Record<string, unknown>).lapCount;
    expect(jsonRefusalOf(missingLaps)).toBe('ACC result file: sessionResult.leaderBoardLines[3].timing.lapCount is missing');

    const textTime = raceSample();
    (textTime.sessionResult.leaderBoardLines[0].timing as Record<string, unknown>).totalTime = '25:32.845';
    expect(jsonRefusalOf(textTime)).toBe('ACC result file: sessionResult.leaderBoardLines[0].timing.totalTime is not a number');

    const noDrivers = raceSample();
    (noDrivers.sessionResult.leaderBoardLines[2].car as Record<string, unknown>).drivers = [];
    expect(jsonRefusalOf(noDrivers)).toBe('ACC result file: sessionResult.leaderBoardLines[2].car.drivers is empty (the car has no driver)');
  });
});
