import { describe, expect, it } from '@jest/globals';
import { formatRaceTime, gapText, parseRaceTime, TIME_FORMAT_HINT } from './raceTime.js';

describe('race times as typed', () => {
  it.each([
    ['1:42.517', 102_517],
    ['1:42.5', 102_500],
    ['1:42,51', 102_510],
    ['0:59.999', 59_999],
    ['58.3', 58_300],
    ['42:07.001', 2_527_001],
    ['1:02:03.456', 3_723_456],
    ['  1:42.517 ', 102_517],
    ['2:00', 120_000],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseRaceTime(text)).toEqual({ ok: true, ms });
  });

  it('reads an empty cell as no time', () => {
    expect(parseRaceTime('')).toEqual({ ok: true, ms: null });
    expect(parseRaceTime('   ')).toEqual({ ok: true, ms: null });
  });

  it.each([
    ['abc', TIME_FORMAT_HINT],
    ['1:42.5170', TIME_FORMAT_HINT],
    ['1.42.517', TIME_FORMAT_HINT],
    ['-1:42.517', TIME_FORMAT_HINT],
    ['1:60.000', 'Seconds run from 00 to 59'],
    ['1:75:00.000', 'Minutes run from 00 to 59 after the hours'],
    ['0:00.000', 'A time must be longer than zero'],
  ])('refuses %s, saying why', (text, message) => {
    expect(parseRaceTime(text)).toEqual({ ok: false, message });
  });

  it('writes times as m:ss.SSS, with hours from an hour on', () => {
    expect(formatRaceTime(102_517)).toBe('1:42.517');
    expect(formatRaceTime(59_999)).toBe('0:59.999');
    expect(formatRaceTime(2_527_001)).toBe('42:07.001');
    expect(formatRaceTime(3_723_456)).toBe('1:02:03.456');
    expect(formatRaceTime(null)).toBe('');
  });

  it('reads back what it writes', () => {
    for (const ms of [1, 999, 60_000, 102_517, 3_599_999, 3_600_000, 7_384_123]) expect(parseRaceTime(formatRaceTime(ms))).toEqual({ ok: true, ms });
  });

  it('shows the gap to the winner, or the laps down', () => {
    const winner = { laps: 20, totalTimeMs: 1_800_000 };
    expect(gapText(winner, { laps: 20, totalTimeMs: 1_812_345 })).toBe('+12.345');
    expect(gapText(winner, { laps: 19, totalTimeMs: 1_790_000 })).toBe('+1 lap');
    expect(gapText(winner, { laps: 17, totalTimeMs: null })).toBe('+3 laps');
  });
});
