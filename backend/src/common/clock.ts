/**
 * The current time for rules that turn on it (lots closing, rotations falling due): injected where a
 * service reads the time itself, so tests move time through the test app instead of rewriting rows.
 * Every process gets the real clock unless told otherwise (CoreModule).
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
