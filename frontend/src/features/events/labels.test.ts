import { describe, expect, it } from '@jest/globals';
import { raceDistance, trackTitle } from './labels.js';

describe('race labels', () => {
  it('reads laps, minutes or both', () => {
    expect(raceDistance({ laps: 12, length: null })).toBe('12 laps');
    expect(raceDistance({ laps: 1, length: null })).toBe('1 lap');
    expect(raceDistance({ laps: null, length: 30 })).toBe('30 min');
    expect(raceDistance({ laps: 5, length: 20 })).toBe('5 laps · 20 min');
    expect(raceDistance({ laps: null, length: null })).toBe('');
  });

  it('names a track with its variant, prefers an external name, and admits an unknown one', () => {
    expect(trackTitle({ trackName: 'Silverstone', name: 'National' })).toBe('Silverstone — National');
    expect(trackTitle({ trackName: 'Silverstone', name: 'National' }, 'Nordschleife 24h')).toBe('Nordschleife 24h');
    expect(trackTitle(null)).toBe('Track to be announced');
  });
});
