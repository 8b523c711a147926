import { describe, expect, it } from '@jest/globals';
import { DAY, HOUR, MINUTE, durationText, timeLeft } from './timeLeft.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const at = (offset: number) => new Date(NOW + offset).toISOString();
const zone = { locale: 'en-GB', timeZone: 'Europe/Amsterdam' };

describe('time left before a decision is due', () => {
  it('says days and hours when more than a day is left', () => {
    expect(timeLeft(at(2 * DAY + 4 * HOUR + 30 * MINUTE), NOW, zone)).toMatchObject({ text: '2 d 4 h left', overdue: false, urgent: false });
  });

  it('says hours and minutes within a day, urgent under six hours', () => {
    expect(timeLeft(at(5 * HOUR + 15 * MINUTE), NOW, zone)).toMatchObject({ text: '5 h 15 min left', overdue: false, urgent: true });
    expect(timeLeft(at(7 * HOUR), NOW, zone)).toMatchObject({ text: '7 h left', urgent: false });
  });

  it('counts minutes, and under a minute at the end', () => {
    expect(timeLeft(at(45 * MINUTE + 59_000), NOW, zone)?.text).toBe('45 min left');
    expect(timeLeft(at(20_000), NOW, zone)?.text).toBe('under a minute left');
  });

  it('says how long a decision is overdue', () => {
    expect(timeLeft(at(-(HOUR + 5 * MINUTE)), NOW, zone)).toMatchObject({ text: 'Overdue by 1 h 5 min', overdue: true, urgent: true });
    expect(timeLeft(at(0), NOW, zone)).toMatchObject({ overdue: true });
  });

  it("shows the deadline in the viewer's zone, with the zone", () => {
    expect(timeLeft('2026-11-24T19:00:00Z', NOW, zone)?.due).toBe('Tue, 24 Nov 2026, 20:00 CET');
  });

  it('is nothing without a deadline (decided) or with a broken one', () => {
    expect(timeLeft(null, NOW)).toBeNull();
    expect(timeLeft('soon', NOW)).toBeNull();
  });

  it('words durations with two units at most', () => {
    expect(durationText(3 * DAY)).toBe('3 d');
    expect(durationText(-90 * MINUTE)).toBe('1 h 30 min');
  });
});
