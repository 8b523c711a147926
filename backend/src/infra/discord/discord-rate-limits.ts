export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Discord asks to wait longer than the caller's patience: `waitMs` is how long (a queue retries no sooner). */
export class DiscordRateLimitedError extends Error {
  constructor(
    message: string,
    readonly waitMs: number,
  ) {
    super(message);
  }
}

/**
 * Discord's rate limits as its answers announce them. Each route belongs to a bucket
 * (`X-RateLimit-Bucket`); when a bucket has no request left (`X-RateLimit-Remaining: 0`) its next
 * request waits `X-RateLimit-Reset-After` seconds. A 429 says how long to wait (`retry_after` in its
 * body, else `Retry-After`), for its bucket or, with `X-RateLimit-Global`, for every route.
 */
export class DiscordRateLimits {
  sleep: Sleep = realSleep;
  private readonly bucketOfRoute = new Map<string, string>();
  private readonly blockedUntil = new Map<string, number>();
  private globalUntil = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Waits until the route's bucket (and the global limit) lets a request through. */
  async waitTurn(route: string, longestWaitMs: number): Promise<void> {
    for (;;) {
      const until = Math.max(this.globalUntil, this.blockedUntil.get(this.bucket(route)) ?? 0);
      const wait = until - this.now();
      if (wait <= 0) return;
      if (wait > longestWaitMs) throw new DiscordRateLimitedError(`Discord asks to wait ${Math.ceil(wait / 1000)} s before ${route}`, wait);
      await this.sleep(wait);
    }
  }

  /** Reads a response's rate-limit headers. */
  observe(route: string, headers: Headers): void {
    const bucket = headers.get('x-ratelimit-bucket');
    if (bucket) this.bucketOfRoute.set(route, bucket);
    const resetAfter = seconds(headers.get('x-ratelimit-reset-after'));
    if (headers.get('x-ratelimit-remaining') === '0' && resetAfter !== null) this.block(this.bucket(route), resetAfter);
  }

  /** Reads a 429: blocks its bucket (or everything) as long as it says; answers the wait in ms. */
  async limited(route: string, response: Response, longestWaitMs: number): Promise<number> {
    const body = (await response.json().catch(() => ({}))) as { retry_after?: unknown; global?: unknown };
    const waitSeconds = (typeof body.retry_after === 'number' ? body.retry_after : null) ?? seconds(response.headers.get('retry-after')) ?? 1;
    const waitMs = Math.ceil(waitSeconds * 1000);
    if (body.global === true || response.headers.get('x-ratelimit-global') === 'true') this.globalUntil = Math.max(this.globalUntil, this.now() + waitMs);
    else this.block(this.bucket(route), waitSeconds);
    if (waitMs > longestWaitMs) throw new DiscordRateLimitedError(`Discord asks to wait ${Math.ceil(waitSeconds)} s before ${route}`, waitMs);
    return waitMs;
  }

  private bucket(route: string): string {
    return this.bucketOfRoute.get(route) ?? route;
  }

  private block(bucket: string, waitSeconds: number): void {
    this.blockedUntil.set(bucket, Math.max(this.blockedUntil.get(bucket) ?? 0, this.now() + Math.ceil(waitSeconds * 1000)));
  }
}

function seconds(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}
