import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseResultFile } from '../../competitions/index.js';
import { buildRaceScript, carStateAt, standingsAt } from './race-script.js';

const directory = path.resolve(import.meta.dirname, '../../../../../test/fixtures/results');
const classificationOf = (name: string) => parseResultFile(readFileSync(path.join(directory, name)), name);

const RACES = [
  'acc-race.utf16le.json',
  'ac-race.json',
  'ac-retired-before-flag.json',
  'acc-guests.json',
  'acc-post-race-penalty.json',
  'acc-codrivers.json',
  'rf2-race.xml',
  'lmu-race.xml',
];

describe('a race script from a result file', () => {
  it.each(RACES)('%s: every car runs the file laps, its best lap and its race time', (name) => {
    const classification = classificationOf(name);
    const script = buildRaceScript(classification);
    for (const [index, line] of classification.lines.entries()) {
      const car = script.cars[index];
      expect(car.laps).toHaveLength(line.laps);
      if (line.totalTimeMs !== null) expect(car.laps.at(-1)?.endMs).toBe(line.totalTimeMs);
      if (line.bestLapMs !== null && line.laps > 1) expect(Math.min(...car.laps.map((lap) => lap.timeMs))).toBe(line.bestLapMs);
      for (const lap of car.laps) expect(lap.splitsMs.reduce((sum, split) => sum + split, 0)).toBe(lap.timeMs);
      if (line.status === 'DNS') expect(car.stopsAtMs).toBeNull();
      if (line.status === 'DNF') expect(car.stopsAtMs).toBeGreaterThan(car.laps.at(-1)?.endMs ?? 0);
    }
  });

  it.each(RACES)('%s: the order at the end is the file order (disqualified cars aside: that is decided after the flag)', (name) => {
    const classification = classificationOf(name);
    const script = buildRaceScript(classification);
    const disqualified = new Set(classification.lines.flatMap((line, index) => (line.status === 'DSQ' ? [index] : [])));
    const order = standingsAt(script, script.endMs)
      .map((state) => state.carId)
      .filter((carId) => !disqualified.has(carId));
    expect(order).toEqual(classification.lines.map((_, index) => index).filter((index) => !disqualified.has(index)));
  });

  it('places change on track, a car stops in the pits and two cars collide', () => {
    const script = buildRaceScript(classificationOf('acc-race.utf16le.json'));
    const leaders = new Set(script.cars[0].laps.map((lap) => standingsAt(script, lap.endMs + 1)[0].carId));
    expect(leaders).toEqual(new Set([0, 1]));
    const afterLapOne = standingsAt(script, Math.max(...script.cars.map((car) => car.laps[0]?.endMs ?? 0)) + 1).map((state) => state.carId);
    expect(afterLapOne.slice(0, 4)).toEqual([1, 0, 3, 2]);

    const pitting = script.cars.filter((car) => car.pitStop !== null);
    expect(pitting.length).toBeGreaterThan(0);
    for (const car of pitting) {
      const stop = car.pitStop!;
      expect(carStateAt(car, (stop.entersMs + stop.leavesMs) / 2).inPit).toBe(true);
      expect(carStateAt(car, stop.leavesMs + 1).inPit).toBe(false);
      expect(car.laps[stop.lap - 1].isInLap).toBe(true);
      expect(car.laps[stop.lap].isOutLap).toBe(true);
    }

    const collisions = script.events.filter((event) => event.kind === 'collision');
    expect(collisions).toHaveLength(1);
    expect(script.events.filter((event) => event.kind === 'flag')).toEqual([{ kind: 'flag', atMs: 1532845, carId: 0 }]);
    expect(script.events.at(-1)).toEqual({ kind: 'end', atMs: script.endMs });
  });

  it('plays the same race every time', () => {
    const classification = classificationOf('ac-race.json');
    expect(buildRaceScript(classification)).toEqual(buildRaceScript(classification));
  });

  it('refuses a qualifying file', () => {
    expect(() => buildRaceScript(classificationOf('acc-qualifying.utf8.json'))).toThrow(/qualifying/);
  });
});
