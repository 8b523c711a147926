import { describe, expect, it } from '@jest/globals';
import { seasonLeader } from './standings.js';

describe("a season's leader", () => {
  it('is the first driver of the standings once they have scored', () => {
    expect(
      seasonLeader([
        { profileId: 7, points: 25 },
        { profileId: 11, points: 25 },
      ]),
    ).toBe(7);
    expect(seasonLeader([{ profileId: 11, points: 0.5 }])).toBe(11);
  });

  it('is nobody before any points (no results, or only zero scores) ', () => {
    expect(seasonLeader([])).toBeNull();
    expect(seasonLeader([{ profileId: 7, points: 0 }])).toBeNull();
  });
});
