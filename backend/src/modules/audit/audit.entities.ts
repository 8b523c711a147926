import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { AuditKind } from '../../contracts/audit.js';

/**
 * One staff change, written in the change's own transaction. Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE on the table (migration 20261125180001), so no route or bug can rewrite history.
 * The actor is a user id, not a foreign key: the entry outlives the user.
 */
@Entity({
  tableName: 'audit_log',
  // Created by the migration (with its function, and a TRUNCATE trigger PostgreSQL does not list); named here so the schema check keeps them.
  triggers: [
    {
      name: 'audit_log_append_only',
      timing: 'before',
      events: ['update', 'delete'],
      expression: 'create trigger "audit_log_append_only" before update or delete on "audit_log" for each row execute function "audit_log_refuse_change"()',
    },
  ],
})
@Index({ name: 'audit_log_at_index', properties: ['at'] })
@Index({ name: 'audit_log_actor_id_at_index', properties: ['actorId', 'at'] })
@Index({ name: 'audit_log_kind_at_index', properties: ['kind', 'at'] })
export class AuditLogEntry {
  @PrimaryKey()
  id!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  at: Date & Opt = new Date();

  @Property({ type: 'integer', nullable: true })
  actorId!: number | null;

  @Property({ type: 'string', length: 40 })
  kind!: AuditKind;

  @Property({ type: 'string', length: 64 })
  entityId!: string;

  @Property({ type: 'string', length: 200 })
  label!: string;

  @Property({ type: 'string', length: 60 })
  action!: string;

  @Property({ type: 'jsonb', nullable: true })
  before!: unknown;

  @Property({ type: 'jsonb', nullable: true })
  after!: unknown;
}

/** The audit module's tables. */
export const AUDIT_ENTITIES = [AuditLogEntry] as const;
