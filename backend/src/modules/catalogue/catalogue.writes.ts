import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import type { AuditKind } from '../../contracts/audit.js';
import { recordStaffDeletion, recordStaffSave } from '../audit/index.js';
import type { HasIcon, ImagesService } from '../images/index.js';
import { recordCatalogueChange } from './catalogue.reads.js';

/** A game, track or car as an admin's change to the catalogue names it. */
interface CatalogueRecord extends HasIcon {
  id: number;
  name: string;
}

/** Saves a game, track or car in one transaction: a name taken already answers 409 with `taken`. */
export async function saveNamedRecord<T>(em: EntityManager, taken: string, save: (em: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await em.transactional(save);
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new ConflictException(taken);
    throw error;
  }
}

/** Records, in the save's transaction, who saved the record (created it, when there was no `before`) and that the game's catalogue changed. */
export function recordSaved(em: EntityManager, admin: Principal, kind: AuditKind, record: CatalogueRecord, gameId: number, change: { before: unknown; after: unknown }): void {
  recordCatalogueChange(em, gameId);
  recordStaffSave(em, admin, { kind, entityId: record.id, label: record.name, ...change });
}

/** A kind of catalogue record as its deletion needs it. */
export interface RemovableKind<E extends CatalogueRecord> {
  kind: AuditKind;
  find: (em: EntityManager, id: number) => Promise<E>;
  gameOf: (record: E) => number;
  /** The record as the audit log keeps it. */
  snapshot: (record: E) => unknown;
}

/** Deletes the record with its icon in one transaction, recording who did it and that its game's catalogue changed. */
export async function removeRecord<E extends CatalogueRecord>(em: EntityManager, images: ImagesService, admin: Principal, of: RemovableKind<E>, id: number): Promise<void> {
  await em.transactional(async (em) => {
    const record = await of.find(em, id);
    recordStaffDeletion(em, admin, { kind: of.kind, entityId: record.id, label: record.name, before: of.snapshot(record) });
    images.removeIcon(em, record);
    em.remove(record);
    recordCatalogueChange(em, of.gameOf(record));
  });
}
