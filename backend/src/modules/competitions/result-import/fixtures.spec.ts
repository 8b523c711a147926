/**
 * The fixture corpus: every result file under test/fixtures/results with a `<name>.expected.json` next to
 * it (the classification written out by hand) is read, and the reader must give exactly that.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parseResultFile } from './index.js';

const directory = path.resolve(import.meta.dirname, '../../../../../test/fixtures/results');
const files = readdirSync(directory);
const expectations = files.filter((name) => name.endsWith('.expected.json'));
/** The result file an expectation belongs to: same name, its own extension. */
const fixtureOf = (expectation: string) => {
  const base = expectation.slice(0, -'.expected.json'.length);
  const matches = files.filter((name) => !name.endsWith('.expected.json') && name.slice(0, name.lastIndexOf('.')) === base);
  expect(matches).toHaveLength(1);
  return matches[0];
};

/** One fixture per trait the issue names (#22): each must be in the corpus. */
const TRAITS: Record<string, string> = {
  'rFactor 2 DOCTYPE with an internal entity': 'rf2-doctype-entity.xml',
  'Le Mans Ultimate race': 'lmu-race.xml',
  'Windows-1252 / Latin-1 bytes in a UTF-8 file': 'rf2-latin1-in-utf8.xml',
  'UTF-16LE with a byte-order mark': 'acc-race.utf16le.json',
  'UTF-16LE without a byte-order mark': 'acc-race-nobom.utf16le.json',
  'AC retirement before the flag and a lapped finisher': 'ac-retired-before-flag.json',
  'AC 0-lap duplicate slots': 'ac-duplicate-slots.json',
  'ACC cleared disqualification': 'acc-cleared-dq.json',
  'ACC post-race and unserved penalties': 'acc-post-race-penalty.json',
  'ACC co-drivers': 'acc-codrivers.json',
  'rFactor 2 co-drivers (swaps)': 'rf2-codrivers.xml',
  'drivers outside the league (safety car, spare, guests)': 'acc-guests.json',
  'ACC qualifying': 'acc-qualifying.utf8.json',
  'AC qualifying': 'ac-qualifying.json',
  'rFactor 2 qualifying': 'rf2-qualifying.xml',
  'Le Mans Ultimate qualifying': 'lmu-qualifying.xml',
};

describe('result file fixtures', () => {
  it('has a fixture with its expected classification for every trait', () => {
    const covered = new Set(expectations.map(fixtureOf));
    for (const [trait, fixture] of Object.entries(TRAITS)) expect([trait, covered.has(fixture)]).toEqual([trait, true]);
  });

  it.each(expectations)('%s: the reader gives exactly the expected classification', (expectation) => {
    const fixture = fixtureOf(expectation);
    const expected: unknown = JSON.parse(readFileSync(path.join(directory, expectation), 'utf8'));
    expect(parseResultFile(readFileSync(path.join(directory, fixture)), fixture)).toEqual(expected);
  });
});
