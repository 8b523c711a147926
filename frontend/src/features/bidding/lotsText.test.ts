import { describe, expect, it } from '@jest/globals';
import { lotsFromText, lotsToText } from './lotsText.js';

describe('the lot list as text', () => {
  it('reads numbers, ranges, seats and cars with their manufacturer', () => {
    expect(lotsFromText('number 44\nnumbers 7-9\n\nseat Seat 1\ncar Ferrari 296 GT3 / Ferrari\ncar Mystery car')).toEqual({
      lots: [
        { kind: 'NUMBER', label: '44' },
        { kind: 'NUMBER', label: '7' },
        { kind: 'NUMBER', label: '8' },
        { kind: 'NUMBER', label: '9' },
        { kind: 'SEAT', label: 'Seat 1' },
        { kind: 'CAR', label: 'Ferrari 296 GT3', manufacturer: 'Ferrari' },
        { kind: 'CAR', label: 'Mystery car', manufacturer: null },
      ],
      problems: [],
    });
  });

  it('names the lines it cannot read', () => {
    expect(lotsFromText('boat 3\nnumbers 9-2\nseat').problems).toEqual([
      'Line 1: start with number, numbers, seat or car, then the lot',
      'Line 2: a range goes up and holds at most 300 numbers',
      'Line 3: start with number, numbers, seat or car, then the lot',
    ]);
  });

  it('writes back what it reads', () => {
    const text = 'seat Seat 1\ncar Ferrari 296 GT3 / Ferrari\nnumber 44';
    expect(lotsToText(lotsFromText(text).lots)).toBe(text);
  });
});
