import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { PushesSince } from '../../contracts/client-events.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../redis/redis.module.js';

/**
 * Which rooms have had a message since a page was served, in the order Redis counts them (no clocks
 * are compared). Every message sent through ClientPush is counted and its room marked with the count
 * it got; a page is served with the count at that moment (its cursor). Both read `epoch.count`. When the
 * page's live connection opens or joins a room, only a room marked after the cursor can have had a
 * message the page's reads did not see: the page refetches then, and not otherwise.
 *
 * The epoch names the counter: a Redis that lost its keys (restarted, flushed) counts from 0 again under
 * a new epoch, and a cursor of another epoch has missed everything.
 */
export const PUSH_MARK_TTL_S = 86_400;

/** Cursors older than this may have outlived their rooms' marks: they have missed everything. */
const TRUSTED_AGE_MS = (PUSH_MARK_TTL_S - 3_600) * 1000;

export interface PushLogKeys {
  /** The hash holding `epoch` and `count`. */
  counter: string;
  room: (room: string) => string;
}

export function pushLogKeys(redisPrefix: string): PushLogKeys {
  return { counter: `${redisPrefix}:pushes`, room: (room) => `${redisPrefix}:pushes:${room}` };
}

/** A new epoch, used if the counter has none yet. */
export const newEpoch = (): string => randomUUID().slice(0, 8);

/**
 * KEYS: counter, room's mark; ARGV: a new epoch, the mark's TTL, channel, message. Counts the message,
 * marks the room, then publishes: a page that finds no mark after its cursor gets the message live.
 */
export const RECORD_AND_PUBLISH = `
redis.call('HSETNX', KEYS[1], 'epoch', ARGV[1])
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('SET', KEYS[2], redis.call('HGET', KEYS[1], 'epoch') .. '.' .. count, 'EX', ARGV[2])
return redis.call('PUBLISH', ARGV[3], ARGV[4])`;

/** KEYS: counter; ARGV: a new epoch. */
const CURSOR = `
redis.call('HSETNX', KEYS[1], 'epoch', ARGV[1])
return redis.call('HMGET', KEYS[1], 'epoch', 'count')`;

/**
 * KEYS: counter, the rooms' marks; ARGV: the cursor's epoch and count. 1 when a room was marked after it.
 * A mark of an earlier epoch was made before the count the cursor belongs to began: before the cursor.
 */
const MARKED_AFTER = `
if redis.call('HGET', KEYS[1], 'epoch') ~= ARGV[1] then return 1 end
local prefix = ARGV[1] .. '.'
for i = 2, #KEYS do
  local mark = redis.call('GET', KEYS[i])
  if mark and string.sub(mark, 1, #prefix) == prefix and tonumber(string.sub(mark, #prefix + 1)) > tonumber(ARGV[2]) then return 1 end
end
return 0`;

@Injectable()
export class PushLog {
  private readonly keys: PushLogKeys;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = pushLogKeys(config.redisPrefix);
  }

  /** The cursor a page is served with; null when Redis does not answer (the page then refetches on connect). */
  async cursor(): Promise<string | null> {
    try {
      const [epoch, count] = (await this.redis.eval(CURSOR, 1, this.keys.counter, newEpoch())) as [string, string | null];
      return `${epoch}.${count ?? 0}`;
    } catch {
      return null;
    }
  }

  /**
   * Whether any of `rooms` may have had a message since the page was served (`since`): true unless
   * Redis says none was marked after its cursor — a missing, malformed or too old cursor, another epoch
   * and an unanswered Redis all count as missed.
   */
  async missedSince(since: unknown, rooms: readonly string[]): Promise<boolean> {
    const cursor = parseSince(since);
    if (!cursor) return true;
    try {
      const marked = await this.redis.eval(MARKED_AFTER, 1 + rooms.length, this.keys.counter, ...rooms.map(this.keys.room), cursor.epoch, cursor.count);
      return marked !== 0;
    } catch {
      return true;
    }
  }
}

function parseSince(since: unknown): { epoch: string; count: number } | null {
  if (typeof since !== 'object' || since === null) return null;
  const { cursor, ageMs } = since as Partial<PushesSince>;
  if (typeof ageMs !== 'number' || !(ageMs >= 0 && ageMs < TRUSTED_AGE_MS)) return null;
  const match = typeof cursor === 'string' ? /^([\w-]{1,36})\.(\d{1,15})$/.exec(cursor) : null;
  return match ? { epoch: match[1]!, count: Number(match[2]) } : null;
}
