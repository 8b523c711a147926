import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../lib/api/client.js';
import { failureMessage } from './failureMessage.js';

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
