import { describe, expect, it } from '@jest/globals';
import type { LiveTiming } from '@paddock/contracts/timing.js';
import { liveTiming } from '../testing/timingFixture.js';
import { pickLiveRace } from './liveRace.js';

const inPhase = (raceId: number, phase: LiveTiming['session']['phase']) => liveTiming({ raceId, session: { ...liveTiming().session, phase } });

describe('pickLiveRace', () => {
  it('follows the race running, else the one about to start, else the last that ran', () => {
    expect(
      pickLiveRace([
        { raceId: 1, timing: inPhase(1, 'FINISHED') },
        { raceId: 2, timing: inPhase(2, 'RUNNING') },
        { raceId: 3, timing: null },
      ]),
    ).toBe(2);
    expect(
      pickLiveRace([
        { raceId: 1, timing: inPhase(1, 'FINISHED') },
        { raceId: 2, timing: inPhase(2, 'PRE') },
      ]),
    ).toBe(2);
    expect(
      pickLiveRace([
        { raceId: 1, timing: inPhase(1, 'FINISHED') },
        { raceId: 2, timing: inPhase(2, 'FINISHED') },
        { raceId: 3, timing: undefined },
      ]),
    ).toBe(2);
  });

  it('follows none when no race has live timing', () => {
    expect(
      pickLiveRace([
        { raceId: 1, timing: null },
        { raceId: 2, timing: undefined },
      ]),
    ).toBeNull();
    expect(pickLiveRace([])).toBeNull();
  });
});
