/**
 * Fuzzing the readers with mutations of every fixture (numbers made huge, negative, fractional or text,
 * fields removed, the file cut short): each file either reads into a classification whose every number a
 * database column takes, or is refused with a ResultFileError — never any other error. Seeded, so a
 * failure repeats.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type ImportedClassification, ResultFileError, parseResultFile } from './index.js';
import { MAX_LAPS, MAX_TIME_MS } from './classification.js';
import { seededRandom } from '../../../common/seeded-random.js';

const directory = path.resolve(import.meta.dirname, '../../../../../test/fixtures/results');
const names = readdirSync(directory);
/** The readable fixtures: those with an expected classification. */
const fixtures = names.filter((name) => !name.endsWith('.expected.json') && names.includes(`${name.slice(0, name.lastIndexOf('.'))}.expected.json`));
const MUTANTS_PER_FIXTURE = 200;
const INT32_MAX = 2 ** 31 - 1;

const ODD_NUMBERS: unknown[] = [
  1e308,
  -1e308,
  1e10,
  -5,
  -1,
  0,
  0.5,
  271.25,
  2147483647,
  2147483648,
  999999999,
  604800000,
  2 ** 53 + 2,
  'NaN',
  '1e999',
  'Infinity',
  '',
  null,
  true,
];
const READ_FIELDS = new Set(
  'lapCount totalTime bestLap raceNumber carId driverIndex driverTotalTimes drivers penaltyValue clearedInLap penalty BestLap TotalTime CarId Timestamp LapTime DriverGuid DriverName Type sessionType'.split(
    ' ',
  ),
);
const ODD_TEXTS = ['1e308', '-5', '1e10', '0.5', 'NaN', '', '2147483648', '-0.001', '604800', '12abc'];

/** Every path to a value inside parsed JSON. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, index) => paths(item, [...at, index]))];
  if (value && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...at, key]))];
  return [at];
}

function mutateJson(text: string, next: () => number): string {
  const root = JSON.parse(text) as Record<string, unknown>;
  const all = paths(root).filter((at) => at.length > 0);
  // Mostly the fields a classification is made of, else anywhere in the file.
  const read = all.filter((at) => at.some((key) => typeof key === 'string' && READ_FIELDS.has(key)));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  for (let count = 1 + Math.floor(next() * 3); count > 0; count--) {
    const at = pick(next() < 0.8 && read.length ? read : all);
    const parent = at.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], root) as Record<string | number, unknown> | undefined;
    if (!parent || typeof parent !== 'object') continue;
    const key = at.at(-1)!;
    const roll = next();
    if (roll < 0.15 && !Array.isArray(parent)) Reflect.deleteProperty(parent, key);
    else if (typeof parent[key] === 'number' || roll < 0.7) parent[key] = pick(ODD_NUMBERS);
    else parent[key] = pick(ODD_TEXTS);
  }
  const mutated = JSON.stringify(root);
  return next() < 0.1 ? mutated.slice(0, Math.floor(next() * mutated.length)) : mutated;
}

function mutateXml(text: string, next: () => number): string {
  const numbers = [...text.matchAll(/>(-?[\d.]+)</g)];
  let mutated = text;
  for (let count = 1 + Math.floor(next() * 3); count > 0 && numbers.length; count--) {
    const found = numbers[Math.floor(next() * numbers.length)];
    const replacement = ODD_TEXTS[Math.floor(next() * ODD_TEXTS.length)];
    mutated = mutated.slice(0, found.index + 1) + replacement + mutated.slice(found.index + 1 + found[1].length);
  }
  if (next() < 0.2) {
    const elements = [...mutated.matchAll(/<(Laps|Position|FinishTime|BestLapTime|Name|FinishStatus|Swap)\b[^>]*>[^<]*<\/\1>/g)];
    const gone = elements[Math.floor(next() * elements.length)];
    if (gone) mutated = mutated.slice(0, gone.index) + mutated.slice(gone.index + gone[0].length);
  }
  if (next() < 0.2) mutated = mutated.replace(/<Swap startLap="(\d+)"/, `<Swap startLap="${ODD_TEXTS[Math.floor(next() * ODD_TEXTS.length)]}"`);
  return next() < 0.1 ? mutated.slice(0, Math.floor(next() * mutated.length)) : mutated;
}

/** The bounds the database keeps: whole int32 numbers, laps 0..MAX_LAPS, times 0..7 days, positions 1..n. */
function outOfBounds(result: ImportedClassification): string[] {
  const problems: string[] = [];
  const number = (where: string, value: number | null, low: number, high: number) => {
    if (value === null) return;
    if (!Number.isSafeInteger(value) || value < low || value > high || value > INT32_MAX) problems.push(`${where} = ${value}`);
  };
  result.lines.forEach((line, index) => {
    number(`line ${index} position`, line.position, index + 1, index + 1);
    number(`line ${index} laps`, line.laps, 0, MAX_LAPS);
    number(`line ${index} totalTimeMs`, line.totalTimeMs, 0, MAX_TIME_MS - 1);
    number(`line ${index} bestLapMs`, line.bestLapMs, 0, MAX_TIME_MS - 1);
    number(`line ${index} penaltyMs`, line.penaltyMs, 0, MAX_TIME_MS - 1);
    for (const driver of line.drivers) {
      number(`line ${index} ${driver.name} raceNumber`, driver.raceNumber, 0, 999_999);
      number(`line ${index} ${driver.name} laps`, driver.laps, 0, MAX_LAPS);
      number(`line ${index} ${driver.name} drivingTimeMs`, driver.drivingTimeMs, 0, MAX_TIME_MS - 1);
    }
  });
  return problems;
}

describe('result readers under fuzzing', () => {
  it.each(fixtures)('%s: every mutant is read within bounds or refused with a ResultFileError', (fixture) => {
    const bytes = readFileSync(path.join(directory, fixture));
    const text = bytes[1] === 0 ? bytes.toString('utf16le').replace(/^\uFEFF/, '') : bytes.toString('latin1');
    const isJson = text.trimStart().startsWith('{');
    const next = seededRandom(fixture.length * 7919 + bytes.length);
    const failures: string[] = [];
    let refused = 0;
    let read = 0;
    for (let index = 0; index < MUTANTS_PER_FIXTURE; index++) {
      const mutant = isJson ? mutateJson(text, next) : mutateXml(text, next);
      try {
        const problems = outOfBounds(parseResultFile(Buffer.from(mutant, isJson ? 'utf8' : 'latin1'), fixture));
        if (problems.length) failures.push(`mutant ${index}: ${problems.join(', ')}`);
        read++;
      } catch (error) {
        if (error instanceof ResultFileError) refused++;
        else failures.push(`mutant ${index}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    // Both outcomes happen: the mutations bite, and not every mutant is refused.
    expect(refused).toBeGreaterThan(0);
    expect(read).toBeGreaterThan(0);
  });
});
