import { describe, expect, it } from '@jest/globals';
import { bandLabel, bandOf, percentOfLeader } from './bands.js';
import { formatGap, formatLapTime, parseLapTime } from './lapTime.js';
import { groupByDay } from './scheduleDays.js';

describe('parseLapTime', () => {
  it('reads m:ss.SSS as milliseconds', () => {
    expect(parseLapTime('1:47.123')).toEqual({ ok: true, ms: 107_123 });
    expect(parseLapTime(' 12:05.009 ')).toEqual({ ok: true, ms: 725_009 });
  });

  it('says what is wrong with an empty, malformed or too short time', () => {
    expect(parseLapTime('')).toEqual({ ok: false, message: 'Enter your lap time' });
    expect(parseLapTime('1:47.12')).toEqual({ ok: false, message: 'Use minutes:seconds.milliseconds, e.g. 1:47.123' });
    expect(parseLapTime('1:60.000')).toEqual({ ok: false, message: 'Use minutes:seconds.milliseconds, e.g. 1:47.123' });
    expect(parseLapTime('107.123')).toEqual({ ok: false, message: 'Use minutes:seconds.milliseconds, e.g. 1:47.123' });
    expect(parseLapTime('0:09.999')).toEqual({ ok: false, message: 'A lap takes at least 10 seconds' });
  });
});

describe('formatLapTime and formatGap', () => {
  it('formats milliseconds as m:ss.SSS and back', () => {
    expect(formatLapTime(107_123)).toBe('1:47.123');
    expect(formatLapTime(60_005)).toBe('1:00.005');
    const parsed = parseLapTime(formatLapTime(725_009));
    expect(parsed).toEqual({ ok: true, ms: 725_009 });
  });

  it('shows gaps with a sign, minutes only when needed, and the leader as a dash', () => {
    expect(formatGap(0)).toBe('—');
    expect(formatGap(412)).toBe('+0.412');
    expect(formatGap(-200)).toBe('-0.200');
    expect(formatGap(62_004)).toBe('+1:02.004');
  });
});

describe('board bands', () => {
  const leader = 100_000;

  it('puts each time in the tightest of the 100 / 102 / 104 / 107 % bands', () => {
    expect(bandOf(100_000, leader)).toBe(100);
    expect(bandOf(100_001, leader)).toBe(102);
    expect(bandOf(102_000, leader)).toBe(102);
    expect(bandOf(103_999, leader)).toBe(104);
    expect(bandOf(107_000, leader)).toBe(107);
    expect(bandOf(107_001, leader)).toBe('outside');
  });

  it('gives the percentage of the leader rounded up to a tenth and names the bands', () => {
    expect(percentOfLeader(100_000, leader)).toBe(100);
    expect(percentOfLeader(100_010, leader)).toBe(100.1);
    expect(percentOfLeader(103_250, leader)).toBe(103.3);
    expect(bandLabel(104)).toBe('104 %');
    expect(bandLabel('outside')).toBe('over 107 %');
  });
});

describe('groupByDay', () => {
  const tracks = [
    { scheduled: '2026-11-24T22:30:00Z', trackName: 'Spa', name: 'GP' },
    { scheduled: '2026-11-24T20:00:00Z', trackName: 'Monza', name: 'GP' },
    { scheduled: '2026-11-25T10:00:00Z', trackName: 'Suzuka', name: 'East' },
    { scheduled: 'not a date', trackName: 'Nowhere', name: '-' },
  ];

  it('groups UTC moments by the day they fall on in the viewer zone, in order, with the zone named', () => {
    const days = groupByDay(tracks, { timeZone: 'Europe/Helsinki', locale: 'en-GB' });
    expect(days.map((day) => day.label)).toEqual(['Tue 24 Nov', 'Wed 25 Nov']);
    expect(days[0]?.entries.map((entry) => [entry.time, entry.trackName, entry.variant])).toEqual([['22:00 EET', 'Monza', 'GP']]);
    expect(days[1]?.entries.map((entry) => [entry.time, entry.trackName])).toEqual([
      ['00:30 EET', 'Spa'],
      ['12:00 EET', 'Suzuka'],
    ]);
  });

  it('splits the same moments differently in a zone behind UTC', () => {
    const days = groupByDay(tracks, { timeZone: 'America/New_York', locale: 'en-GB' });
    expect(days.map((day) => day.key)).toEqual(['2026-11-24', '2026-11-25']);
    expect(days[0]?.entries.map((entry) => entry.trackName)).toEqual(['Monza', 'Spa']);
    expect(days[1]?.entries.map((entry) => entry.trackName)).toEqual(['Suzuka']);
  });
});
