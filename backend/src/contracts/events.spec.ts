import { describe, expect, it } from '@jest/globals';
import { liveStreamEmbedUrl, parseLiveStream, parseYoutubeVideoId, seatsLeft, youtubeEmbedUrl } from './events.js';

describe('seats left', () => {
  it('is seats minus attendance, never below zero', () => {
    expect(seatsLeft(20, 7)).toBe(13);
    expect(seatsLeft(20, 20)).toBe(0);
    expect(seatsLeft(3, 5)).toBe(0);
  });
});

describe('YouTube URLs', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    '  https://youtu.be/dQw4w9WgXcQ  ',
  ])('reads the video id of %s', (url) => {
    expect(parseYoutubeVideoId(url)).toBe('dQw4w9WgXcQ');
  });

  it.each([
    'https://vimeo.com/123456',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
    '',
  ])('refuses %s', (url) => {
    expect(parseYoutubeVideoId(url)).toBeNull();
  });

  it('embeds from youtube-nocookie', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});

describe('live streams', () => {
  it('takes Twitch channels and YouTube videos, and builds their embed', () => {
    const twitch = parseLiveStream('https://www.twitch.tv/PaddockLeague');
    expect(twitch).toEqual({ provider: 'TWITCH', id: 'paddockleague', url: 'https://www.twitch.tv/paddockleague' });
    expect(liveStreamEmbedUrl(twitch!, 'paddock.example')).toBe('https://player.twitch.tv/?channel=paddockleague&parent=paddock.example');
    const youtube = parseLiveStream('https://www.youtube.com/live/dQw4w9WgXcQ');
    expect(youtube).toEqual({ provider: 'YOUTUBE', id: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(liveStreamEmbedUrl(youtube!, 'x')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('refuses other sites and Twitch pages that are not a channel', () => {
    expect(parseLiveStream('https://example.com/live')).toBeNull();
    expect(parseLiveStream('https://www.twitch.tv/videos/123')).toBeNull();
    expect(parseLiveStream('https://www.twitch.tv/')).toBeNull();
  });
});
