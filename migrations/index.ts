import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122090000_foundation } from './Migration20261122090000_foundation.js';
import { Migration20261122100000_realtime } from './Migration20261122100000_realtime.js';
import { Migration20261122110000_catalogue_events } from './Migration20261122110000_catalogue_events.js';

/** Every migration in order. The schema changes only here; add each new migration to this list. */
export const migrations: MigrationObject[] = [
  Migration20261122090000_foundation,
  Migration20261122100000_realtime,
  Migration20261122110000_catalogue_events,
].map((migration) => ({ name: migration.name, class: migration }));
