import { describe, expect, it } from '@jest/globals';
import { checkDraft } from './components/MyTimesPanel.js';
import { ROTATION_CHECKS, rotationText } from './components/RivalServersPage.js';

const time = { gameId: '1', trackId: '2', carId: '3', platform: 'XBOX' as const, conditions: 'DRY' as const, time: '1:47.123', videoUrl: 'https://youtu.be/abc' };

describe('the time submission form', () => {
  it('accepts a complete time with a video link or a screenshot', () => {
    expect(checkDraft(time, null)).toEqual({});
    expect(checkDraft({ ...time, videoUrl: '' }, new File(['x'], 'lap.png', { type: 'image/png' }))).toEqual({});
  });

  it('names each missing or malformed field', () => {
    expect(checkDraft({ ...time, trackId: '', carId: '', platform: '', time: '147.1', videoUrl: '' }, null)).toEqual({
      trackId: ['Choose the track'],
      carId: ['Choose the car'],
      platform: ['Choose the platform'],
      time: ['Use minutes:seconds.milliseconds, e.g. 1:47.123'],
      videoUrl: ['Add a screenshot or a video link that shows the time, track and car'],
    });
    expect(checkDraft({ ...time, videoUrl: 'youtube' }, null)).toEqual({ videoUrl: ['Enter a full link starting with https://'] });
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
