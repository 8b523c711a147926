import { Migration } from '@mikro-orm/migrations';

/**
 * Profiles get a SteamID64 of their own (unique, 17 digits): a Steam name that is a SteamID64 moves
 * there, so it is no longer shown as the driver's name. Game identities organizers mapped while
 * importing results are remembered for later imports.
 */
export class Migration20261125160000_steam_ids_remembered_identities extends Migration {
  override name = 'Migration20261125160000_steam_ids_remembered_identities';

  override up(): void {
    this.addSql(`alter table "driver_profiles" add column "steam_id" varchar(17) null;`);
    this.addSql(`alter table "driver_profiles" add constraint "driver_profiles_steam_id_key" unique ("steam_id");`);
    this.addSql(`alter table "driver_profiles" add constraint "driver_profiles_steam_id_format" check (steam_id ~ '^[0-9]{17}$');`);
    this.addSql(`update "driver_profiles" set "steam_id" = "steam_username", "steam_username" = null where "steam_username" ~ '^[0-9]{17}$';`);
    this.addSql(
      `create table "remembered_identities" ("id" serial primary key, "kind" varchar(8) not null, "identity" varchar(128) not null, "profile_id" int not null, "remembered_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "remembered_identities" add constraint "remembered_identities_kind_identity_key" unique ("kind", "identity");`);
    this.addSql(`create index "remembered_identities_profile_id_index" on "remembered_identities" ("profile_id");`);
    this.addSql(`alter table "remembered_identities" add constraint "remembered_identities_kind_known" check (kind in ('STEAM', 'PLATFORM', 'NAME'));`);
    this.addSql(
      `alter table "remembered_identities" add constraint "remembered_identities_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
  }
}
