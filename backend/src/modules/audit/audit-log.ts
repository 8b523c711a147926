import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../common/principal.js';
import type { AuditKind } from '../../contracts/audit.js';
import { AuditLogEntry } from './audit.entities.js';

/** A staff change as the audit log keeps it. */
export interface StaffChange {
  /** The staff member who made it (null: no signed-in author). */
  actorId: number | null;
  kind: AuditKind;
  entityId: string | number;
  /** A readable name of the record (its name, "Ticket #12", …). */
  label: string;
  action: string;
  /** The record before and after, as JSON; null when it did not exist before or does not after. */
  before: unknown;
  after: unknown;
}

/**
 * Records a staff change in `em`'s transaction, which must be the change's own: the entry commits with
 * the change or not at all (it is written at the transaction's flush). The one way any module writes
 * the audit log.
 */
export function recordStaffChange(em: EntityManager, change: StaffChange): void {
  em.create(AuditLogEntry, {
    actorId: change.actorId,
    kind: change.kind,
    entityId: String(change.entityId),
    label: change.label.slice(0, 200),
    action: change.action.slice(0, 60),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** The record a save or deletion is about, as the log names it. */
type StaffRecord = Pick<StaffChange, 'kind' | 'entityId' | 'label' | 'before'>;

/** Records a save in the staff member's name: "created" when there was nothing `before`, else "saved". */
export function recordStaffSave(em: EntityManager, actor: Principal, record: StaffRecord & { after: unknown }): void {
  recordStaffChange(em, { actorId: actor.userId, action: record.before ? 'saved' : 'created', ...record });
}

/** Records a deletion in the staff member's name. */
export function recordStaffDeletion(em: EntityManager, actor: Principal, record: StaffRecord): void {
  recordStaffChange(em, { actorId: actor.userId, action: 'deleted', ...record, after: null });
}

/** A JSON value of a record's field as the log keeps it: dates as ISO text, a related record as its id. */
function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(loggable);
  if (value !== null && typeof value === 'object') {
    if ('id' in value && typeof (value as { id: unknown }).id === 'number' && value.constructor !== Object) return (value as { id: number }).id;
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, loggable(each)]));
  }
  return value;
}

/** The named fields of a record, as the "before" or "after" of a staff change. */
export function snapshotOf<T extends object, K extends keyof T & string>(record: T, fields: readonly K[]): Record<K, unknown> {
  return Object.fromEntries(fields.map((field) => [field, loggable(record[field])])) as Record<K, unknown>;
}
