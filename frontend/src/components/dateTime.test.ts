import { describe, expect, it } from '@jest/globals';
import { fromLocalInputValue, showTime, toLocalInputValue } from './dateTime.js';

describe('showTime', () => {
  it('shows a UTC moment in the given zone with the zone name', () => {
    const shown = showTime('2026-11-24T19:00:00Z', { locale: 'en-GB', timeZone: 'Europe/Amsterdam' });
    expect(shown.date).toBe('Tue, 24 Nov 2026');
    expect(shown.time).toBe('20:00 CET');
    expect(shown.dateTime).toBe('Tue, 24 Nov 2026, 20:00 CET');
    expect(shown.short).toBe('Tue 24 Nov, 20:00 CET');
  });

  it('moves to the next day where the zone is ahead', () => {
    const shown = showTime('2026-11-24T19:00:00Z', { locale: 'en-GB', timeZone: 'Australia/Sydney' });
    expect(shown.date).toBe('Wed, 25 Nov 2026');
    expect(shown.time).toMatch(/^06:00 GMT\+11|^06:00 AEDT/);
  });

  it('names the zone in a US locale too', () => {
    expect(showTime('2026-07-01T19:00:00Z', { locale: 'en-US', timeZone: 'America/New_York' }).time).toBe('03:00 PM EDT');
  });

  it('is empty for something that is not a date', () => {
    expect(showTime('soon')).toEqual({ date: '', time: '', dateTime: '', short: '' });
  });
});

describe('datetime-local values', () => {
  it('round-trips a moment through the input value', () => {
    const iso = '2026-12-04T19:30:00.000Z';
    expect(fromLocalInputValue(toLocalInputValue(iso))).toBe(iso);
  });

  it('is empty for an empty or broken value', () => {
    expect(fromLocalInputValue('')).toBe('');
    expect(fromLocalInputValue('not a date')).toBe('');
    expect(toLocalInputValue('nope')).toBe('');
  });
});
