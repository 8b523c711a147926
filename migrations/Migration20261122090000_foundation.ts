import { Migration } from '@mikro-orm/migrations';

/** Users with their roles, driver profiles, teams and API keys. */
export class Migration20261122090000_foundation extends Migration {
  override name = 'Migration20261122090000_foundation';

  override up(): void {
    this.addSql(`
      create table users (
        id serial primary key,
        discord_id varchar(32) not null unique,
        username varchar(64) not null,
        global_name varchar(64),
        nick_name varchar(64),
        avatar varchar(128),
        banner varchar(128),
        roles text[] not null default '{}',
        created_at timestamptz not null default now(),
        last_login_at timestamptz,
        last_seen_at timestamptz,
        constraint users_roles_known check (
          roles <@ array['ADMIN','ORGANIZER','STEWARD','NEW','TEAM','TEAM_CAPTAIN','BETA_TESTER']::text[]
        )
      );`);
    this.addSql(`
      create table driver_profiles (
        id serial primary key,
        user_id int not null unique references users (id) on delete cascade,
        driver_number int unique constraint driver_profiles_number_range check (driver_number between 0 and 999),
        name varchar(64),
        xbox_username varchar(64),
        steam_username varchar(64),
        psn_name varchar(64),
        alternative_name varchar(64),
        profile_completed boolean not null default false
      );`);
    this.addSql(`
      create table teams (
        id serial primary key,
        name varchar(64) not null unique,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table team_members (
        team_id int not null references teams (id) on delete cascade,
        user_id int not null references users (id) on delete cascade,
        captain boolean not null default false,
        joined_at timestamptz not null default now(),
        primary key (team_id, user_id)
      );`);
    this.addSql('create index team_members_user_id_index on team_members (user_id);');
    this.addSql(`
      create table api_keys (
        id serial primary key,
        user_id int not null unique references users (id) on delete cascade,
        prefix varchar(16) not null,
        key_hash varchar(64) not null unique,
        created_at timestamptz not null default now(),
        last_used_at timestamptz
      );`);
  }

  override down(): void {
    this.addSql('drop table api_keys, team_members, teams, driver_profiles, users;');
  }
}
