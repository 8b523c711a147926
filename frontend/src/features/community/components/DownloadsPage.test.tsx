import { describe, expect, it } from '@jest/globals';
import { downloadsText } from './DownloadsPage.js';

describe('Downloads', () => {
  it('counts downloads in words: one download, several downloads', () => {
    expect(downloadsText(1)).toBe('1 download');
    expect(downloadsText(0)).toBe('0 downloads');
    expect(downloadsText(12)).toBe('12 downloads');
  });
});
