import { Migration } from '@mikro-orm/migrations';

/**
 * Competitions: groups, competitions (style, game, platforms, icon and banner), seasons with their
 * points system, events as rounds of a season (events.season_id), results as revisions of a race's
 * classification (positions and drivers unique per revision; a race with results cannot be deleted),
 * and the standings snapshot the worker writes per season.
 */
export class Migration20261123100002_competitions extends Migration {
  override name = 'Migration20261123100002_competitions';

  override up(): void {
    this.addSql(
      `create table "competition_groups" ("id" serial primary key, "name" varchar(100) not null, "description" text null, "icon_id" uuid null, "banner_id" uuid null, "position" int not null default 0, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "competition_groups" add constraint "competition_groups_name_key" unique ("name");`);
    this.addSql(`create index "competition_groups_icon_id_index" on "competition_groups" ("icon_id");`);
    this.addSql(`create index "competition_groups_banner_id_index" on "competition_groups" ("banner_id");`);
    this.addSql(
      `create table "competitions" ("id" serial primary key, "group_id" int null, "name" varchar(100) not null, "description" text null, "style" varchar(8) not null, "game_id" int null, "platforms" text[] not null default '{}', "icon_id" uuid null, "banner_id" uuid null, "current" boolean not null default false, "leaderboards_enabled" boolean not null default true, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "competitions_group_id_index" on "competitions" ("group_id");`);
    this.addSql(`create index "competitions_game_id_index" on "competitions" ("game_id");`);
    this.addSql(`create index "competitions_icon_id_index" on "competitions" ("icon_id");`);
    this.addSql(`create index "competitions_banner_id_index" on "competitions" ("banner_id");`);
    this.addSql(
      `create table "seasons" ("id" serial primary key, "competition_id" int not null, "name" varchar(100) not null, "rules" text null, "points_system" jsonb not null, "results_version" int not null default 0, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "seasons_competition_id_index" on "seasons" ("competition_id");`);
    this.addSql(
      `create table "season_standings" ("season_id" int not null, "version" int not null, "drivers" jsonb not null, "teams" jsonb not null, "line_points" jsonb not null, "computed_at" timestamptz not null default now(), primary key ("season_id"));`,
    );
    this.addSql(
      `create table "result_revisions" ("id" serial primary key, "race_id" int not null, "number" int not null, "author_id" int not null, "created_at" timestamptz not null default now(), "note" varchar(200) not null);`,
    );
    this.addSql(`create index "result_revisions_author_id_index" on "result_revisions" ("author_id");`);
    this.addSql(`alter table "result_revisions" add constraint "result_revisions_race_id_number_key" unique ("race_id", "number");`);
    this.addSql(
      `create table "race_result_lines" ("id" serial primary key, "revision_id" int not null, "profile_id" int not null, "team_id" int null, "position" smallint not null, "status" varchar(8) not null, "laps" int not null, "total_time_ms" int null, "best_lap_ms" int null, "pole" boolean not null default false, "fastest_lap" boolean not null default false);`,
    );
    this.addSql(`create index "race_result_lines_profile_id_index" on "race_result_lines" ("profile_id");`);
    this.addSql(`create index "race_result_lines_team_id_index" on "race_result_lines" ("team_id");`);
    this.addSql(`alter table "race_result_lines" add constraint "race_result_lines_revision_id_profile_id_key" unique ("revision_id", "profile_id");`);
    this.addSql(`alter table "race_result_lines" add constraint "race_result_lines_revision_id_position_key" unique ("revision_id", "position");`);
    this.addSql(`alter table "events" add "season_id" int null;`);
    this.addSql(`alter table "events" add constraint "events_season_id_fkey" foreign key ("season_id") references "seasons" ("id") on update no action on delete set null;`);
    this.addSql(`create index "events_season_id_index" on "events" ("season_id");`);
    this.addSql(
      `alter table "competition_groups" add constraint "competition_groups_icon_id_fkey" foreign key ("icon_id") references "images" ("id") on update no action on delete set null;`,
    );
    this.addSql(
      `alter table "competition_groups" add constraint "competition_groups_banner_id_fkey" foreign key ("banner_id") references "images" ("id") on update no action on delete set null;`,
    );
    this.addSql(
      `alter table "competitions" add constraint "competitions_group_id_fkey" foreign key ("group_id") references "competition_groups" ("id") on update no action on delete set null;`,
    );
    this.addSql(
      `alter table "competitions" add constraint "competitions_game_id_fkey" foreign key ("game_id") references "games" ("id") on update no action on delete no action;`,
    );
    this.addSql(
      `alter table "competitions" add constraint "competitions_icon_id_fkey" foreign key ("icon_id") references "images" ("id") on update no action on delete set null;`,
    );
    this.addSql(
      `alter table "competitions" add constraint "competitions_banner_id_fkey" foreign key ("banner_id") references "images" ("id") on update no action on delete set null;`,
    );
    this.addSql(`alter table "competitions" add constraint "competitions_platforms_known" check (platforms <@ array['PC','XBOX','PLAYSTATION']::text[]);`);
    this.addSql(`alter table "competitions" add constraint "competitions_style_known" check (style in ('SOLO','TEAM','LVL'));`);
    this.addSql(
      `alter table "seasons" add constraint "seasons_competition_id_fkey" foreign key ("competition_id") references "competitions" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "seasons" add constraint "seasons_points_system_object" check (jsonb_typeof(points_system) = 'object');`);
    this.addSql(
      `alter table "season_standings" add constraint "season_standings_season_id_fkey" foreign key ("season_id") references "seasons" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "result_revisions" add constraint "result_revisions_race_id_fkey" foreign key ("race_id") references "races" ("id") on update no action on delete no action;`,
    );
    this.addSql(
      `alter table "result_revisions" add constraint "result_revisions_author_id_fkey" foreign key ("author_id") references "users" ("id") on update no action on delete no action;`,
    );
    this.addSql(`alter table "result_revisions" add constraint "result_revisions_number_positive" check (number >= 1);`);
    this.addSql(
      `alter table "race_result_lines" add constraint "race_result_lines_revision_id_fkey" foreign key ("revision_id") references "result_revisions" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "race_result_lines" add constraint "race_result_lines_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete no action;`,
    );
    this.addSql(
      `alter table "race_result_lines" add constraint "race_result_lines_team_id_fkey" foreign key ("team_id") references "teams" ("id") on update no action on delete set null;`,
    );
    this.addSql(`alter table "race_result_lines" add constraint "race_result_lines_laps_range" check (laps >= 0);`);
    this.addSql(`alter table "race_result_lines" add constraint "race_result_lines_position_positive" check (position >= 1);`);
    this.addSql(`alter table "race_result_lines" add constraint "race_result_lines_status_known" check (status in ('FINISHED','DNF','DNS','DSQ'));`);
  }
}
