import { PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A write sent with an `Idempotency-Key`: one row per caller and key, inserted in flight (no status
 * yet) before the write runs and completed with its answer, which retries of the same key get back.
 */
@Entity({ tableName: 'idempotency_keys' })
@Index({ properties: ['createdAt'] })
export class IdempotencyKey {
  [PrimaryKeyProp]?: ['caller', 'key'];

  /** `user:<id>` for a signed-in caller or an API key's user, `ip:<address>` for a visitor. */
  @PrimaryKey({ type: 'string', length: 80 })
  caller!: string;

  @PrimaryKey({ type: 'string', length: 200 })
  key!: string;

  /** SHA-256 of the request (method, path and body), so a key reused for another request is refused. */
  @Property({ type: 'string', length: 64 })
  fingerprint!: string;

  /** The answer's status; null while the first request is still in flight. */
  @Property({ type: 'smallint', nullable: true })
  status?: number;

  @Property({ type: 'json', nullable: true })
  body?: unknown;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
