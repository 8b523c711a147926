import { describe, expect, it } from '@jest/globals';
import { parseErrorBody } from './errorBody.js';

const now = () => new Date('2025-03-04T05:06:07.000Z');

describe('parseErrorBody', () => {
  it('reads shape 1: message, server timestamp and the response URL', () => {
    const body = { timestamp: '2025-01-02T03:04:05Z', status: 500, message: 'Boom', path: '/api/x' };
    expect(parseErrorBody(body, 'http://host/api/x', now)).toEqual({ message: 'Boom', time: '2025-01-02T03:04:05Z', url: 'http://host/api/x' });
  });

  it('reads shape 2: detail as the message and instance as the URL', () => {
    const body = { status: 422, detail: 'Seat limit reached', instance: '/api/events/3/attendance', timestamp: '2025-01-02T00:00:00Z' };
    expect(parseErrorBody(body, 'http://host/api/events/3/attendance', now)).toEqual({
      message: 'Seat limit reached',
      time: '2025-01-02T00:00:00Z',
      url: '/api/events/3/attendance',
    });
  });

  it('uses the current time and an empty URL when shape 2 lacks them', () => {
    expect(parseErrorBody({ status: 500, detail: 'Nope' }, 'http://host/api/y', now)).toEqual({
      message: 'Nope',
      time: '2025-03-04T05:06:07.000Z',
      url: '',
    });
  });

  it('shows nothing for other shapes', () => {
    expect(parseErrorBody({ status: 500 }, 'u', now)).toBeNull();
    expect(parseErrorBody({ message: 'no status' }, 'u', now)).toBeNull();
    expect(parseErrorBody({ timestamp: 't', message: 'no status' }, 'u', now)).toBeNull();
    expect(parseErrorBody('Internal Server Error', 'u', now)).toBeNull();
    expect(parseErrorBody(undefined, 'u', now)).toBeNull();
    expect(parseErrorBody([1, 2], 'u', now)).toBeNull();
  });
});
