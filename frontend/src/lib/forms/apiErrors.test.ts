import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/client.js';
import { apiFieldErrors, CORRECT_MARKED_FIELDS, failureMessage, fieldUnder, inWords, mapFailure } from './apiErrors.js';

describe('failureMessage', () => {
  it("adds the API's own message", () => {
    expect(failureMessage(new ApiError(409, '/api/x', { status: 409, message: 'The headlines changed meanwhile' }), 'The order was not saved')).toBe(
      'The order was not saved: The headlines changed meanwhile',
    );
  });

  it('says what no connection, an ended session and a lost permission mean', () => {
    expect(failureMessage(new ApiError(0, '/api/x', undefined), 'Not saved')).toMatch(/could not be reached/);
    expect(failureMessage(new ApiError(401, '/api/x', {}), 'Not saved')).toMatch(/Sign in again/);
    expect(failureMessage(new ApiError(403, '/api/x', {}), 'Not saved')).toMatch(/may no longer do this/);
    expect(failureMessage(new ApiError(500, '/api/x', 'oops'), 'Not saved')).toBe('Not saved (500).');
    expect(failureMessage(new Error('x'), 'Not saved')).toBe('Not saved');
  });
});

const refused = (errors: Record<string, string[]>, message = 'Invalid request') =>
  new ApiError(400, '/api/x', { timestamp: 't', status: 400, message, path: '/api/x', errors });

describe('mapFailure', () => {
  const labels: Record<string, string> = { name: 'Name', carClass: 'Car class', 'points.race': 'Race points' };
  const mapping = { fieldOf: (path: string) => fieldUnder(Object.keys(labels), path), labelOf: (field: string) => labels[field], notSaved: 'The car was not saved' };

  it('puts each message beside the field it names, in words, and asks to correct them', () => {
    const mapped = mapFailure(
      refused({ carClass: ['carClass must not be empty'], 'points.race.2': ['each value must be a number'], name: ['name is taken', 'too long'] }),
      mapping,
    );
    expect(mapped.byField).toEqual({ carClass: 'Car class must not be empty', 'points.race': 'each value must be a number', name: 'Name is taken; too long' });
    expect(mapped.others).toEqual([]);
    expect(mapped.formMessage).toBe(CORRECT_MARKED_FIELDS);
  });

  it('keeps messages about fields the form does not show in the summary', () => {
    const mapped = mapFailure(refused({ 'game.id': ['game 9 does not exist'] }), mapping);
    expect(mapped.byField).toEqual({});
    expect(mapped.others).toEqual(['game 9 does not exist']);
    expect(mapped.formMessage).toBe(CORRECT_MARKED_FIELDS);
  });

  it("says a failure that names no field with the API's message, or what went wrong", () => {
    const conflict = new ApiError(409, '/api/x', { timestamp: 't', status: 409, message: 'That number is taken', path: '/api/x' });
    expect(mapFailure(conflict, mapping)).toEqual({ byField: {}, others: [], formMessage: 'The car was not saved: That number is taken' });
    expect(mapFailure(new ApiError(0, '/api/x', undefined), mapping).formMessage).toMatch(/could not be reached/);
    expect(mapFailure(new Error('bug'), mapping).formMessage).toBe('The car was not saved');
  });
});

describe('the pieces', () => {
  it('reads the errors of a 400 body, and none from anything else', () => {
    expect(apiFieldErrors(refused({ name: ['x'] }))).toEqual({ name: ['x'] });
    expect(apiFieldErrors(new ApiError(500, '/api/x', 'oops'))).toEqual({});
    expect(apiFieldErrors(new Error('x'))).toEqual({});
  });

  it('names the field by its label only where the message starts with the property', () => {
    expect(inWords('affiliateUrl must be a web address', 'affiliateUrl', 'Link')).toBe('Link must be a web address');
    expect(inWords('must be a web address', 'affiliateUrl', 'Link')).toBe('must be a web address');
    expect(inWords('races must not be empty', 'raceEvents.0.races', 'Races')).toBe('Races must not be empty');
    expect(inWords('racesCount is wrong', 'races', 'Races')).toBe('racesCount is wrong');
  });

  it('finds the deepest field a path lies under', () => {
    expect(fieldUnder(['points', 'points.race'], 'points.race.3')).toBe('points.race');
    expect(fieldUnder(['name'], 'names')).toBeNull();
  });
});
