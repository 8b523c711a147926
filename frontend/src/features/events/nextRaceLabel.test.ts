import { describe, expect, it } from '@jest/globals';
import { MULTIPLE_TRACKS, nextRaceLabel } from './nextRaceLabel.js';

describe('nextRaceLabel', () => {
  it("reads 'multiple tracks' when the event has more than one race", () => {
    expect(nextRaceLabel({ raceEvents: [{ track: { trackName: 'Spa' }, externalTrackName: 'Spa GP' }, { track: { trackName: 'Monza' } }] })).toBe(MULTIPLE_TRACKS);
  });

  it('prefers the external track name of the only race', () => {
    expect(nextRaceLabel({ raceEvents: [{ track: { trackName: 'Circuit 12' }, externalTrackName: 'Nürburgring GP' }] })).toBe('Nürburgring GP');
  });

  it('falls back to the track name when the external name is empty or missing', () => {
    expect(nextRaceLabel({ raceEvents: [{ track: { trackName: 'Suzuka' }, externalTrackName: '  ' }] })).toBe('Suzuka');
    expect(nextRaceLabel({ raceEvents: [{ track: { trackName: 'Suzuka' }, externalTrackName: null }] })).toBe('Suzuka');
  });

  it('is empty for an event without races', () => {
    expect(nextRaceLabel({ raceEvents: [] })).toBe('');
  });
});
