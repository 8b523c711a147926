import { describe, expect, it } from '@jest/globals';
import { parseResultFile } from '../modules/competitions/index.js';
import { buildRaceScript } from '../modules/timing/simulator/race-script.js';
import { DEMO_LIVE_RACE, demoRaceResultFile } from './demo-live-race.js';

describe("the demo live race's result file", () => {
  const classification = (seed: number) => {
    const { resultFile, fileName } = demoRaceResultFile(seed);
    return parseResultFile(resultFile, fileName);
  };

  it('reads as a finished race of the demo drivers that the simulator can play', () => {
    const race = classification(1);
    expect(race.session).toBe('RACE');
    expect(race.lines).toHaveLength(12);
    expect(race.lines.map((line) => line.driver.name)).toEqual(expect.arrayContaining(['Dani Driver', 'Cory Captain', 'Lena Vogt']));
    expect(race.lines.every((line) => line.status === 'FINISHED' && line.laps === DEMO_LIVE_RACE.laps)).toBe(true);
    expect(buildRaceScript(race).cars).toHaveLength(12);
  });

  it('is another race on each loop, and the same one for the same loop', () => {
    const order = (seed: number) => classification(seed).lines.map((line) => line.driver.name);
    expect(order(1)).toEqual(order(1));
    expect(order(2)).not.toEqual(order(1));
  });
});
