import { Clock } from '../../backend/src/common/clock.js';

/** The test app's clock: real time, moved ahead by whatever the test says has passed. */
export class TestClock extends Clock {
  private aheadMs = 0;

  now(): Date {
    return new Date(Date.now() + this.aheadMs);
  }

  /** Lets `ms` pass for the app and its worker (never back: time only moves on). */
  advance(ms: number): void {
    if (ms < 0) throw new Error('The test clock only moves forward');
    this.aheadMs += ms;
  }
}
