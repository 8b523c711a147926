import { describe, expect, it } from '@jest/globals';
import { preferredEncoding } from './compressed-answers.js';

describe('the encoding an Accept-Encoding header takes', () => {
  it('is brotli for every current browser, which lists gzip first', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
  });

  it('is the one of higher quality, gzip when that is all it takes', () => {
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.2, BR;q=0.9')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
  });

  it('takes a wildcard for any encoding not named', () => {
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, *;q=0.1')).toBe('gzip');
  });

  it('is none when the header refuses both or names neither', () => {
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('deflate, zstd')).toBeNull();
    expect(preferredEncoding('gzip;q=nonsense')).toBeNull();
  });
});
