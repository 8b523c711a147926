import { describe, expect, it } from '@jest/globals';
import { bandFor, gapText, lapTimeText, parseLapTime } from './rivals.js';

describe('rivals rules', () => {
  it('writes lap times and gaps as boards show them', () => {
    expect(lapTimeText(83_456)).toBe('1:23.456');
    expect(lapTimeText(59_999)).toBe('0:59.999');
    expect(lapTimeText(3_723_004)).toBe('1:02:03.004');
    expect(gapText(0)).toBe('');
    expect(gapText(412)).toBe('+0.412');
    expect(gapText(62_003)).toBe('+1:02.003');
  });

  it('reads a lap time typed by a driver, refusing what is not one', () => {
    expect(parseLapTime('1:47.512')).toBe(107_512);
    expect(parseLapTime('47.5')).toBe(47_500);
    expect(parseLapTime('1:02:03,004')).toBe(3_723_004);
    expect(parseLapTime(95_000)).toBe(95_000);
    expect(parseLapTime('95000')).toBe(95_000);
    for (const bad of ['fast', '1:60.000', '', '0', 0, -5, 1.5, '3:00:00.000']) expect(parseLapTime(bad)).toBeNull();
  });

  it('puts a time in the 100 / 102 / 104 / 107 % band of the leader, none beyond', () => {
    expect(bandFor(100_000, 100_000)).toBe(100);
    expect(bandFor(100_001, 100_000)).toBe(102);
    expect(bandFor(102_000, 100_000)).toBe(102);
    expect(bandFor(103_500, 100_000)).toBe(104);
    expect(bandFor(107_000, 100_000)).toBe(107);
    expect(bandFor(107_001, 100_000)).toBeNull();
  });
});
