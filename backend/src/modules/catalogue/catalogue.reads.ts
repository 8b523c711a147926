import type { EntityManager } from '@mikro-orm/postgresql';
import { readTag } from '../../infra/read-cache/cached-read.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';

/** Every public read of the catalogue (games, their tracks and cars): out of date after any change to it. */
export const CATALOGUE_READS = readTag('catalogue', ['CatalogueChanged']);

/** Records, in the change's transaction, that the catalogue of `gameId` changed (a game, a track or a car). */
export function recordCatalogueChange(em: EntityManager, gameId: number): void {
  recordDomainEvent(em, 'CatalogueChanged', { type: 'game', id: gameId }, { gameId });
}
