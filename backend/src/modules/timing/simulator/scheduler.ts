/** Time and timers for the players: real ones for the CLI, a hand-turned one for tests (no real waiting). */
export interface Scheduler {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Runs `run` after `delayMs`; the returned function cancels it. Real timers are unref'd. */
  after(delayMs: number, run: () => void): () => void;
}

export const realScheduler: Scheduler = {
  now: () => performance.now(),
  after(delayMs, run) {
    const timer = setTimeout(run, delayMs);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** A clock that moves only when `advance` is called, running the timers that fall due in time order. */
export class ManualScheduler implements Scheduler {
  private time = 0;
  private sequence = 0;
  private timers: { at: number; order: number; run: () => void }[] = [];

  now(): number {
    return this.time;
  }

  after(delayMs: number, run: () => void): () => void {
    const timer = { at: this.time + Math.max(0, delayMs), order: this.sequence++, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  }

  advance(byMs: number): void {
    const until = this.time + byMs;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.run();
    }
    this.time = until;
  }

  get pending(): number {
    return this.timers.length;
  }
}
