import type { Redis } from 'ioredis';

/** A lease lives this long unless renewed: a worker that dies loses its races within it. */
export const LEASE_TTL_MS = 3_000;
/** Holders renew, and other workers try to take free leases, this often: takeover within TTL + one try (≤ 4 s). */
export const LEASE_TRY_EVERY_MS = 1_000;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Writes the state only while `holder` still has the lease: a holder that lost it (paused, partitioned) cannot overwrite its successor's. */
const WRITE_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3]) return 1 else return 0 end`;
/** Appends incidents while `holder` has the lease, trimmed to the newest ARGV[3]. */
const APPEND_IF_HELD = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
for i = 4, #ARGV do redis.call('rpush', KEYS[2], ARGV[i]) end
redis.call('ltrim', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('pexpire', KEYS[2], ARGV[2])
return 1`;

/** One race's lease in Redis (SET NX PX): whoever holds it is the race's only ingester. */
export class IngestLease {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    readonly holder: string,
  ) {}

  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.holder, 'PX', LEASE_TTL_MS, 'NX')) === 'OK';
  }

  /** False when the lease is gone or another's: the caller must stop at once. */
  async renew(): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.key, this.holder, LEASE_TTL_MS)) === 1;
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key, this.holder);
  }

  async writeIfHeld(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(WRITE_IF_HELD, 2, this.key, key, this.holder, value, ttlMs)) === 1;
  }

  async appendIfHeld(key: string, values: string[], ttlMs: number, keep: number): Promise<boolean> {
    if (values.length === 0) return true;
    return (await this.redis.eval(APPEND_IF_HELD, 2, this.key, key, this.holder, ttlMs, keep, ...values)) === 1;
  }
}
