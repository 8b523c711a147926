import { describe, expect, it } from '@jest/globals';
import { bandFor, lapTimeText } from '@paddock/contracts/rivals.js';
import { bandColour, bandLabel, percentOfLeader } from './bands.js';
import { parseLapTime } from './lapTime.js';
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

describe('typed times against the shown ones', () => {
  it('reads back what the contract shows', () => {
    expect(parseLapTime(lapTimeText(725_009))).toEqual({ ok: true, ms: 725_009 });
    expect(parseLapTime(lapTimeText(60_005))).toEqual({ ok: true, ms: 60_005 });
  });
});

describe('board bands', () => {
  it('gives the percentage of the leader rounded up to a tenth', () => {
    expect(percentOfLeader(100_000, 100_000)).toBe(100);
    expect(percentOfLeader(100_010, 100_000)).toBe(100.1);
    expect(percentOfLeader(103_250, 100_000)).toBe(103.3);
  });

  it('names each band the contract puts a time in, and past 107 %', () => {
    expect(bandLabel(bandFor(100_000, 100_000))).toBe('100 %');
    expect(bandLabel(bandFor(101_500, 100_000))).toBe('102 %');
    expect(bandLabel(bandFor(103_999, 100_000))).toBe('104 %');
    expect(bandLabel(bandFor(107_000, 100_000))).toBe('107 %');
    expect(bandLabel(bandFor(107_001, 100_000))).toBe('over 107 %');
  });

  it('tints faster bands more strongly and none past 107 %', () => {
    const alpha = (band: Parameters<typeof bandColour>[0]) => Number(/([\d.]+)\)$/.exec(bandColour(band))?.[1] ?? 0);
    expect(alpha(100)).toBeGreaterThan(alpha(102));
    expect(alpha(102)).toBeGreaterThan(alpha(104));
    expect(alpha(104)).toBeGreaterThan(alpha(107));
    expect(bandColour(null)).toBe('transparent');
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
