import { describe, expect, it } from '@jest/globals';
import { TIME_CHECKS } from './components/MyTimesPanel.js';
import { ROTATION_CHECKS, rotationText } from './components/RivalServersPage.js';

describe('the time submission form', () => {
  const screenshot = new File(['x'], 'lap.png', { type: 'image/png' });

  it('accepts a time with a video link or a screenshot', () => {
    expect(TIME_CHECKS.time('1:47.123')).toBe(true);
    expect(TIME_CHECKS.videoUrl('https://youtu.be/abc', { screenshot: null })).toBe(true);
    expect(TIME_CHECKS.videoUrl('', { screenshot })).toBe(true);
  });

  it('says what a malformed time or missing proof needs', () => {
    expect(TIME_CHECKS.time('147.1')).toBe('Use minutes:seconds.milliseconds, e.g. 1:47.123');
    expect(TIME_CHECKS.videoUrl('', { screenshot: null })).toBe('Add a screenshot or a video link that shows the time, track and car');
    expect(TIME_CHECKS.videoUrl('youtube', { screenshot: null })).toBe('Enter a full link starting with https://');
  });
});

describe('the rivals server form', () => {
  it('rotates every 1 to 168 hours, or daily at a UTC time', () => {
    expect(ROTATION_CHECKS.everyHours('6')).toBe(true);
    expect(ROTATION_CHECKS.everyHours('0')).toBe('Rotate every 1 to 168 hours');
    expect(ROTATION_CHECKS.dailyAt('20:00')).toBe(true);
    expect(ROTATION_CHECKS.dailyAt('24:00')).toBe('Enter a time of day as HH:MM (UTC)');
  });

  it('describes rotations in words', () => {
    expect(rotationText({ kind: 'EVERY_HOURS', everyHours: 6 })).toBe('every 6 h');
    expect(rotationText({ kind: 'DAILY', dailyAt: '20:00' })).toBe('daily at 20:00 UTC');
  });
});
