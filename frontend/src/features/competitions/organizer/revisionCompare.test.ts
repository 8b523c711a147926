import { describe, expect, it } from '@jest/globals';
import { resultLine } from '../testing/competitionFixture.js';
import { differences, isChanged, lineKey } from './revisionCompare.js';

describe('two revisions compared', () => {
  const before = [resultLine(7, 'Speedy', 1), resultLine(8, 'Slow', 2), resultLine(9, 'Gone', 3)];
  const after = [resultLine(8, 'Slow', 1), resultLine(7, 'Speedy', 2, { status: 'DSQ' }), resultLine(10, 'New', 3)];

  it('marks the cells of each driver that differ in the other revision, and drivers only in one', () => {
    const found = differences(after, before);
    expect(found.get('7')).toEqual(new Set(['position', 'status', 'totalTimeMs']));
    expect(found.get('8')).toEqual(new Set(['position', 'totalTimeMs']));
    expect(found.get('10')).toBe('missing');
    expect(isChanged(found, '7', 'status')).toBe(true);
    expect(isChanged(found, '7', 'laps')).toBe(false);
    expect(isChanged(found, '10', 'laps')).toBe(true);
  });

  it('tells guests apart by their name', () => {
    const found = differences([resultLine(null, 'Safety Car', 1), resultLine(null, 'Spare', 2, { laps: 3 })], [resultLine(null, 'Spare', 1, { laps: 3 })]);
    expect(found.get(lineKey(resultLine(null, 'Safety Car', 1)))).toBe('missing');
    expect(found.get('guest:Spare')).toEqual(new Set(['position', 'totalTimeMs']));
  });

  it('finds nothing between equal revisions', () => {
    expect(differences(before, before).size).toBe(0);
  });
});
