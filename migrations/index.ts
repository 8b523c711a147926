import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122090000_foundation } from './Migration20261122090000_foundation.js';
import { Migration20261122100000_realtime } from './Migration20261122100000_realtime.js';
import { Migration20261122110000_catalogue_events } from './Migration20261122110000_catalogue_events.js';
import { Migration20261123090000_subscribers } from './Migration20261123090000_subscribers.js';
import { Migration20261123090001_profiles_teams } from './Migration20261123090001_profiles_teams.js';
import { Migration20261123090002_event_team_entries } from './Migration20261123090002_event_team_entries.js';
import { Migration20261123100000_headline_positions } from './Migration20261123100000_headline_positions.js';
import { Migration20261123100001_race_lineups } from './Migration20261123100001_race_lineups.js';
import { Migration20261123100002_competitions } from './Migration20261123100002_competitions.js';
import { Migration20261123120000_rivals } from './Migration20261123120000_rivals.js';
import { Migration20261123120001_stewarding } from './Migration20261123120001_stewarding.js';
import { Migration20261123120002_community } from './Migration20261123120002_community.js';
import { Migration20261123120003_bidding } from './Migration20261123120003_bidding.js';
import { Migration20261125150000_results_layer } from './Migration20261125150000_results_layer.js';
import { Migration20261125150001_guests_co_drivers } from './Migration20261125150001_guests_co_drivers.js';
import { Migration20261125150002_qualifying_source_hash } from './Migration20261125150002_qualifying_source_hash.js';
import { Migration20261125160000_steam_ids_remembered_identities } from './Migration20261125160000_steam_ids_remembered_identities.js';
import { Migration20261125170000_idempotency_keys } from './Migration20261125170000_idempotency_keys.js';
import { Migration20261125180000_panel_anonymity } from './Migration20261125180000_panel_anonymity.js';
import { Migration20261125180001_audit_log } from './Migration20261125180001_audit_log.js';
import { Migration20261126023135_timing_sources } from './Migration20261126023135_timing_sources.js';
import { Migration20261126033000_live_result_drafts } from './Migration20261126033000_live_result_drafts.js';
import { Migration20261126050000_discord_role_links } from './Migration20261126050000_discord_role_links.js';
import { Migration20261126050000_calendar_feeds } from './Migration20261126050000_calendar_feeds.js';
import { Migration20261126045319_notifications } from './Migration20261126045319_notifications.js';
import { Migration20261126045850_push } from './Migration20261126045850_push.js';

/** Every migration in order. The schema changes only here; add each new migration to this list. */
export const migrations: MigrationObject[] = [
  Migration20261122090000_foundation,
  Migration20261122100000_realtime,
  Migration20261122110000_catalogue_events,
  Migration20261123090000_subscribers,
  Migration20261123090001_profiles_teams,
  Migration20261123090002_event_team_entries,
  Migration20261123100000_headline_positions,
  Migration20261123100001_race_lineups,
  Migration20261123100002_competitions,
  Migration20261123120000_rivals,
  Migration20261123120001_stewarding,
  Migration20261123120002_community,
  Migration20261123120003_bidding,
  Migration20261125150000_results_layer,
  Migration20261125150001_guests_co_drivers,
  Migration20261125150002_qualifying_source_hash,
  Migration20261125160000_steam_ids_remembered_identities,
  Migration20261125170000_idempotency_keys,
  Migration20261125180000_panel_anonymity,
  Migration20261125180001_audit_log,
  Migration20261126023135_timing_sources,
  Migration20261126033000_live_result_drafts,
  Migration20261126050000_discord_role_links,
  Migration20261126050000_calendar_feeds,
  Migration20261126045319_notifications,
  Migration20261126045850_push,
].map((migration) => ({ name: migration.name, class: migration }));
