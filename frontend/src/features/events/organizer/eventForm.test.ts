import { describe, expect, it } from '@jest/globals';
import { detailsFixture } from '../testing/eventFixture.js';
import { ApiError } from '../../../lib/api/client.js';
import { mapFailure } from '../../../lib/forms/apiErrors.js';
import { CHECKS, emptyEventForm, eventBodyFrom, eventFormFrom, formFieldOf, pastStartWarning, teamSizeMaxCheck } from './eventForm.js';

describe('the event form', () => {
  it('warns beside a start already past, and says nothing of a future or empty one', () => {
    const now = new Date('2026-11-25T12:00:00').getTime();
    expect(pastStartWarning('2026-11-24T20:00', now)).toBe('This start is in the past: drivers cannot join an event that has already started.');
    expect(pastStartWarning('2026-11-26T20:00', now)).toBeNull();
    expect(pastStartWarning('', now)).toBeNull();
  });

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

  it('says in words what each field needs, not what the validator checked', () => {
    expect(CHECKS.name('x'.repeat(101))).toBe('Keep the name to 100 characters');
    expect(CHECKS.date('not a date')).toMatch(/^Enter a real date and time/);
    expect(CHECKS.seats('twenty')).toBe('Enter the number of seats, a whole number from 1 to 1000');
    expect(CHECKS.seats('0')).toBe('Enter the number of seats, a whole number from 1 to 1000');
    expect(CHECKS.laps('1.5')).toBe('Laps must be a whole number from 1 to 500, or left empty');
    expect(CHECKS.minutes('2000')).toBe('Minutes must be a whole number from 1 to 1440, or left empty');
    expect(CHECKS.youtubeUrl('https://example.com/video')).toMatch(/^Paste a YouTube video link/);
  });

  it('accepts what the API accepts', () => {
    expect(CHECKS.name('Friday GT3')).toBeUndefined();
    expect(CHECKS.date('2026-12-04T20:00')).toBeUndefined();
    expect(CHECKS.seats(' 24 ')).toBeUndefined();
    expect(CHECKS.laps('')).toBeUndefined();
    expect(CHECKS.minutes('45')).toBeUndefined();
    expect(CHECKS.youtubeUrl('')).toBeUndefined();
    expect(CHECKS.youtubeUrl('https://youtu.be/dQw4w9WgXcQ')).toBeUndefined();
  });

  it("puts each of the API's field errors beside its field, and lists the rest", () => {
    expect(formFieldOf('game')).toBe('gameId');
    expect(formFieldOf('game.id')).toBe('gameId');
    expect(formFieldOf('platforms.0')).toBe('platforms');
    expect(formFieldOf('raceEvents.1.track.id')).toBe('raceEvents.1.trackId');
    expect(formFieldOf('raceEvents.0.qualify.length')).toBe('raceEvents.0.qualifyLength');
    expect(formFieldOf('raceEvents.0.races.2.laps')).toBe('raceEvents.0.races.2.laps');
    expect(formFieldOf('raceEvents')).toBeNull();
    const errors = {
      youtubeUrl: ['youtubeUrl must be a YouTube video URL'],
      'game.id': ['id must not be less than 1'],
      game: ['Game 9 does not exist'],
      raceEvents: ['raceEvents needs at least one race event'],
      'raceEvents.0.unknown': ['odd'],
    };
    const refused = new ApiError(400, '/api/events/individual', { timestamp: 't', status: 400, message: 'Invalid request', path: '/api/events/individual', errors });
    const labels: Record<string, string> = { youtubeUrl: 'YouTube video', gameId: 'Game' };
    const { byField, others } = mapFailure(refused, { fieldOf: formFieldOf, labelOf: (field) => labels[field], notSaved: 'The event was not saved' });
    expect(byField).toEqual({ youtubeUrl: 'YouTube video must be a YouTube video URL', gameId: 'Game must not be less than 1; Game 9 does not exist' });
    expect(others).toEqual(['raceEvents needs at least one race event', 'odd']);
  });

  it('takes team sizes and the line-up lock in words, the largest team no smaller than the smallest', () => {
    expect(CHECKS.teamSizeMin('0')).toBe('Enter the fewest drivers a team enters, a whole number from 1 to 50');
    expect(CHECKS.lineupLockMinutes('-1')).toBe('Enter how many minutes before the start line-ups lock, from 0 (at the start) to 10080 (a week)');
    expect(CHECKS.lineupLockMinutes('0')).toBeUndefined();
    expect(teamSizeMaxCheck('2', { teamSizeMin: '3' })).toBe('The most drivers cannot be fewer than the fewest (3)');
    expect(teamSizeMaxCheck('51', { teamSizeMin: '3' })).toBe('Enter the most drivers a team enters, a whole number from 1 to 50');
    expect(teamSizeMaxCheck('3', { teamSizeMin: '3' })).toBeUndefined();
    expect(formFieldOf('teamSizeMax')).toBe('teamSizeMax');
    expect(eventBodyFrom({ ...emptyEventForm(), teamSizeMin: '2', teamSizeMax: ' 3 ', lineupLockMinutes: '60' })).toMatchObject({
      teamSizeMin: 2,
      teamSizeMax: 3,
      lineupLockMinutes: 60,
    });
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
      teamSizeMin: 1,
      teamSizeMax: 4,
      lineupLockMinutes: 0,
      raceEvents: [{ track: { id: 3 }, qualify: { laps: null, length: 10 }, races: [{ raceEventType: 'RACE', laps: 12, length: null }] }],
    });
  });
});
