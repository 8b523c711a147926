import { Migration } from '@mikro-orm/migrations';

/**
 * Drivers, teams and crew: profiles get country, time zone, platforms, games, social links, a hidden
 * flag, name history and case-insensitively unique platform ids, numbers 1–999 (number 1 may be kept
 * for the champion); teams get tag, colour, logo, game and platforms, invitations, and a driver may
 * hold one seat per game (the database keeps it, by a trigger-maintained game key); the crew roles join
 * the known roles. Existing profiles race on the platforms they have an id for.
 */
export class Migration20261123090001_profiles_teams extends Migration {
  override name = 'Migration20261123090001_profiles_teams';

  override up(): void {
    this.addSql(
      `create table "team_invites" ("team_id" int not null, "user_id" int not null, "invited_at" timestamptz not null default now(), primary key ("team_id", "user_id"));`,
    );
    this.addSql(`create index "team_invites_user_id_index" on "team_invites" ("user_id");`);
    this.addSql(`create table "reserved_driver_numbers" ("driver_number" int not null, "profile_id" int not null, primary key ("driver_number"));`);
    this.addSql(`create index "reserved_driver_numbers_profile_id_index" on "reserved_driver_numbers" ("profile_id");`);
    this.addSql(`create table "driver_profile_games" ("profile_id" int not null, "game_id" int not null, primary key ("profile_id", "game_id"));`);
    this.addSql(`create index "driver_profile_games_game_id_index" on "driver_profile_games" ("game_id");`);
    this.addSql(
      `create table "driver_name_changes" ("id" serial primary key, "profile_id" int not null, "previous_name" varchar(64) not null, "changed_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "driver_name_changes_profile_id_index" on "driver_name_changes" ("profile_id");`);
    this.addSql(
      `alter table "teams" add "tag" varchar(6) null, add "colour" varchar(7) not null default '#6a1b9a', add "icon_id" uuid null, add "game_id" int null, add "platforms" text[] not null default '{}';`,
    );
    this.addSql(`alter table "teams" add constraint "teams_icon_id_fkey" foreign key ("icon_id") references "images" ("id") on update no action on delete set null;`);
    this.addSql(`alter table "teams" add constraint "teams_game_id_fkey" foreign key ("game_id") references "games" ("id") on update no action on delete set null;`);
    this.addSql(`create index "teams_icon_id_index" on "teams" ("icon_id");`);
    this.addSql(`create index "teams_game_id_index" on "teams" ("game_id");`);
    this.addSql(`alter table "teams" add constraint "teams_platforms_known" check (platforms <@ array['PC','XBOX','PLAYSTATION']::text[]);`);
    this.addSql(`alter table "teams" add constraint "teams_colour_hex" check (colour ~ '^#[0-9a-f]{6}$');`);
    this.addSql(
      `create or replace function "teams_teams_game_moves_members_fn"() returns trigger as $$ begin update team_members set game_key = coalesce(new.game_id, 0) where team_id = new.id; return new; end; $$ language plpgsql;`,
    );
    this.addSql(`create trigger "teams_game_moves_members" AFTER UPDATE on "teams" for each ROW execute function "teams_teams_game_moves_members_fn"();`);
    this.addSql(`alter table "users" drop constraint "users_roles_known";`);
    this.addSql(
      `alter table "users" add constraint "users_roles_known" check (roles <@ array['ADMIN','ORGANIZER','STEWARD','NEW','TEAM','TEAM_CAPTAIN','BETA_TESTER','HOST','RACE_STEWARD','HEAD_STEWARD','RACE_DIRECTOR']::text[]);`,
    );
    this.addSql(`alter table "team_members" add "game_key" int not null default 0;`);
    // Teams had no game until now: a driver in several teams keeps the seat taken first.
    this.addSql(
      `delete from team_members m using team_members earlier where m.user_id = earlier.user_id ` + `and (earlier.joined_at, earlier.team_id) < (m.joined_at, m.team_id);`,
    );
    this.addSql(`alter table "team_members" add constraint "team_members_user_id_game_key_key" unique ("user_id", "game_key");`);
    this.addSql(
      `create or replace function "team_members_team_members_game_key_fn"() returns trigger as $$ begin new.game_key := coalesce((select game_id from teams where id = new.team_id), 0); return new; end; $$ language plpgsql;`,
    );
    this.addSql(`create trigger "team_members_game_key" BEFORE INSERT OR UPDATE on "team_members" for each ROW execute function "team_members_team_members_game_key_fn"();`);
    this.addSql(`alter table "driver_profiles" drop constraint "driver_profiles_number_range";`);
    this.addSql(`update driver_profiles set driver_number = null where driver_number = 0;`);
    this.addSql(
      `alter table "driver_profiles" add "country" varchar(2) null, add "time_zone" varchar(64) null, add "platforms" text[] not null default '{}', add "socials" jsonb not null default '{}', add "hidden" boolean not null default false;`,
    );
    this.addSql(
      `update driver_profiles set platforms = array_remove(array[` +
        `case when nullif(trim(steam_username), '') is not null then 'PC' end, ` +
        `case when nullif(trim(xbox_username), '') is not null then 'XBOX' end, ` +
        `case when nullif(trim(psn_name), '') is not null then 'PLAYSTATION' end]::text[], null);`,
    );
    this.addSql(`create unique index driver_profiles_psn_name_key on driver_profiles (lower(psn_name));`);
    this.addSql(`create unique index driver_profiles_steam_username_key on driver_profiles (lower(steam_username));`);
    this.addSql(`create unique index driver_profiles_xbox_username_key on driver_profiles (lower(xbox_username));`);
    this.addSql(`alter table "driver_profiles" add constraint "driver_profiles_country_code" check (country ~ '^[A-Z]{2}$');`);
    this.addSql(`alter table "driver_profiles" add constraint "driver_profiles_platforms_known" check (platforms <@ array['PC','XBOX','PLAYSTATION']::text[]);`);
    this.addSql(`alter table "driver_profiles" add constraint "driver_profiles_number_range" check (driver_number >= 1 and driver_number <= 999);`);
    this.addSql(
      `alter table "team_invites" add constraint "team_invites_team_id_fkey" foreign key ("team_id") references "teams" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "team_invites" add constraint "team_invites_user_id_fkey" foreign key ("user_id") references "users" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "reserved_driver_numbers" add constraint "reserved_driver_numbers_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "reserved_driver_numbers" add constraint "reserved_driver_numbers_range" check (driver_number >= 1 and driver_number <= 999);`);
    this.addSql(
      `alter table "driver_profile_games" add constraint "driver_profile_games_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "driver_profile_games" add constraint "driver_profile_games_game_id_fkey" foreign key ("game_id") references "games" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "driver_name_changes" add constraint "driver_name_changes_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql('drop table team_invites, reserved_driver_numbers, driver_profile_games, driver_name_changes;');
    this.addSql('drop trigger "team_members_game_key" on team_members;');
    this.addSql('drop function "team_members_team_members_game_key_fn"();');
    this.addSql('drop trigger "teams_game_moves_members" on teams;');
    this.addSql('drop function "teams_teams_game_moves_members_fn"();');
    this.addSql('alter table team_members drop constraint team_members_user_id_game_key_key, drop column game_key;');
    this.addSql('alter table teams drop column tag, drop column colour, drop column icon_id, drop column game_id, drop column platforms;');
    this.addSql("update users set roles = array(select unnest(roles) except select unnest(array['HOST','RACE_STEWARD','HEAD_STEWARD','RACE_DIRECTOR']));");
    this.addSql('alter table users drop constraint users_roles_known;');
    this.addSql("alter table users add constraint users_roles_known check (roles <@ array['ADMIN','ORGANIZER','STEWARD','NEW','TEAM','TEAM_CAPTAIN','BETA_TESTER']::text[]);");
    this.addSql('drop index driver_profiles_psn_name_key, driver_profiles_steam_username_key, driver_profiles_xbox_username_key;');
    this.addSql(
      'alter table driver_profiles drop constraint driver_profiles_country_code, drop constraint driver_profiles_platforms_known, drop constraint driver_profiles_number_range;',
    );
    this.addSql('alter table driver_profiles drop column country, drop column time_zone, drop column platforms, drop column socials, drop column hidden;');
    this.addSql('alter table driver_profiles add constraint driver_profiles_number_range check (driver_number between 0 and 999);');
  }
}
