import { describe, expect, it } from '@jest/globals';
import { detailsFixture } from '../testing/eventFixture.js';
import { emptyEventForm, eventBodyFrom, eventFormFrom } from './eventForm.js';

describe('the event form', () => {
  it('sends a new event without an id, with numbers, UTC date and nulls for empty optionals', () => {
    const values = {
      ...emptyEventForm(),
      name: 'Friday GT3',
      date: '2026-12-04T20:00',
      gameId: '1',
      platforms: ['PC' as const],
      seats: '24',
    };
    values.raceEvents[0]!.trackId = '3';
    values.raceEvents[0]!.races[0]!.laps = '12';
    const body = eventBodyFrom(values);
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({
      name: 'Friday GT3',
      date: new Date('2026-12-04T20:00').toISOString(),
      game: { id: 1 },
      platforms: ['PC'],
      seats: 24,
      youtubeUrl: null,
      raceEvents: [{ track: { id: 3 }, externalTrackName: null, qualifyEnabled: false, qualify: null, races: [{ raceEventType: 'RACE', laps: 12, length: null }] }],
    });
  });

  it('leaves bad input for the API to name: an empty game, an empty date, letters in seats', () => {
    const body = eventBodyFrom({ ...emptyEventForm(), seats: 'twenty' });
    expect(body).toMatchObject({ game: null, date: '', seats: 'twenty' });
  });

  it('round-trips a saved event, keeping its id, tracks and qualifying', () => {
    const event = detailsFixture({ id: 9 });
    const values = eventFormFrom(event);
    expect(values.gameId).toBe('1');
    expect(values.raceEvents[0]).toMatchObject({ trackId: '3', qualifyEnabled: true, qualifyLength: '10' });
    const body = eventBodyFrom(values);
    expect(body).toMatchObject({
      id: 9,
      date: event.date,
      seats: 20,
      raceEvents: [{ track: { id: 3 }, qualify: { laps: null, length: 10 }, races: [{ raceEventType: 'RACE', laps: 12, length: null }] }],
    });
  });
});
