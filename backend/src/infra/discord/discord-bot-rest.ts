import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { DiscordRateLimits } from './discord-rate-limits.js';

export class DiscordApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * How long one call may take: attempts while Discord answers 5xx or nothing (backing off 0.5, 1, 2 s),
 * each attempt's timeout, and the longest rate-limit wait; past them the call fails.
 */
export interface Patience {
  attempts: number;
  timeoutMs: number;
  longestWaitMs: number;
}

/** A job's: a longer outage or rate limit fails the job, which the queue retries later. */
export const JOB_PATIENCE: Patience = { attempts: 4, timeoutMs: 10_000, longestWaitMs: 60_000 };
/** A request's: answered within about 2 s (then 503). */
export const REQUEST_PATIENCE: Patience = { attempts: 2, timeoutMs: 800, longestWaitMs: 1_000 };
const FIRST_BACKOFF_MS = 500;

export interface CallOptions {
  patience?: Patience;
  /** A 404 counts as done (answers null) instead of failing. */
  goneIsDone?: boolean;
  /** Shown in the server's audit log (`X-Audit-Log-Reason`). */
  auditReason?: string;
}

/**
 * Discord's REST API called as the bot (`Authorization: Bot DISCORD_BOT_TOKEN`): the one place for the
 * rule every bot call follows. A call waits out the rate limits Discord announces (`X-RateLimit-*`
 * headers, per bucket, and a 429's `retry_after`, per bucket or global — one set of limits for the
 * process, as Discord counts them per bot), is retried on 5xx and timeouts within its patience, and
 * throws DiscordApiError (with the status) on any other answer but 2xx.
 */
@Injectable()
export class DiscordBotRest {
  private readonly logger = new Logger(DiscordBotRest.name);
  readonly limits = new DiscordRateLimits();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Whether a bot token is configured (else role sync and direct messages are off). */
  get enabled(): boolean {
    return this.config.discord.botToken !== null;
  }

  async call<T>(method: string, path: string, body?: object, options: CallOptions = {}): Promise<T> {
    const patience = options.patience ?? JOB_PATIENCE;
    const token = this.config.discord.botToken;
    if (!token) throw new DiscordApiError('The Discord bot token is not set (DISCORD_BOT_TOKEN)', null);
    const route = routeOf(method, path);
    let failures = 0;
    for (;;) {
      await this.limits.waitTurn(route, patience.longestWaitMs);
      let response: Response;
      try {
        response = await fetch(`${this.config.discord.apiUrl}${path}`, {
          method,
          headers: {
            Authorization: `Bot ${token}`,
            Accept: 'application/json',
            ...(options.auditReason ? { 'X-Audit-Log-Reason': options.auditReason } : {}),
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(patience.timeoutMs),
        });
      } catch (error) {
        failures = await this.backOff(failures, patience, `${method} ${path}: Discord could not be reached (${(error as Error).message})`);
        continue;
      }
      this.limits.observe(route, response.headers);
      if (response.status === 429) {
        const retryAfter = await this.limits.limited(route, response, patience.longestWaitMs);
        this.logger.debug(`${method} ${path}: rate limited, retrying in ${retryAfter} ms`);
        continue;
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        failures = await this.backOff(failures, patience, `${method} ${path}: Discord answered ${response.status}`);
        continue;
      }
      if (response.status === 404 && options.goneIsDone) {
        await response.body?.cancel();
        return null as T;
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new DiscordApiError(`${method} ${path}: Discord answered ${response.status} ${text.slice(0, 200)}`.trim(), response.status);
      }
      return (response.status === 204 ? null : await response.json()) as T;
    }
  }

  /** Waits before the next attempt (0.5, 1, 2 s), or throws once the attempts are used up. */
  private async backOff(failures: number, patience: Patience, problem: string): Promise<number> {
    const failed = failures + 1;
    if (failed >= patience.attempts) throw new DiscordApiError(`${problem} (${patience.attempts} attempts)`, null);
    await this.limits.sleep(FIRST_BACKOFF_MS * 2 ** (failed - 1));
    return failed;
  }
}

/** The route a rate limit is tracked under: the guild and channel (major parameters) stay, other ids do not. */
export function routeOf(method: string, path: string): string {
  const [bare] = path.split('?');
  return `${method} ${bare.replace(/\/(members|roles)\/\d+/g, '/$1/:id')}`;
}
