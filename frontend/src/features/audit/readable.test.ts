import { describe, expect, it } from '@jest/globals';
import { readable } from './readable.js';

describe('readable', () => {
  it('names stored fields in words, however deep, and keeps the values', () => {
    expect(readable({ counterBidHours: 24, results: [{ driver: 'Dani', totalTimeMs: 1000, coDrivers: ['Kim'] }], seasonId: null })).toEqual({
      'counter bid hours': 24,
      results: [{ driver: 'Dani', 'total time ms': 1000, 'co drivers': ['Kim'] }],
      'season id': null,
    });
  });
});
