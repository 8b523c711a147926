import { Migration } from '@mikro-orm/migrations';

/**
 * Rivals: servers rotating through track variants (order kept in `track_ids`), lap times on boards
 * (track variant + platform; every submission kept, rejected ones drop out of boards) and the rivals
 * drivers pick (per game, or per track variant), each pick unique.
 */
export class Migration20261123120000_rivals extends Migration {
  override name = 'Migration20261123120000_rivals';

  override up(): void {
    this.addSql(
      `create table "rivals_servers" ("id" serial primary key, "name" varchar(100) not null, "game_id" int not null, "platform" varchar(16) null, "crossplay" varchar(64) null, "track_ids" int[] not null, "rotation" jsonb not null, "anchor_at" timestamptz not null, "current_index" int not null default 0, "current_since" timestamptz not null, "next_rotation_at" timestamptz not null, "active" boolean not null default true);`,
    );
    this.addSql(`alter table "rivals_servers" add constraint "rivals_servers_name_key" unique ("name");`);
    this.addSql(`create index "rivals_servers_game_id_index" on "rivals_servers" ("game_id");`);
    this.addSql(`create index "rivals_servers_next_rotation_at_index" on "rivals_servers" ("next_rotation_at");`);
    this.addSql(`alter table "rivals_servers" add constraint "rivals_servers_platform_or_crossplay" check ((platform is null) <> (crossplay is null));`);
    this.addSql(`alter table "rivals_servers" add constraint "rivals_servers_platform_known" check (platform is null or platform in ('PC','XBOX','PLAYSTATION'));`);
    this.addSql(
      `alter table "rivals_servers" add constraint "rivals_servers_game_id_fkey" foreign key ("game_id") references "games" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `create table "rival_times" ("id" serial primary key, "profile_id" int not null, "game_id" int not null, "track_id" int not null, "car_id" int not null, "platform" varchar(16) not null, "time_ms" int not null, "conditions" varchar(8) not null, "source" varchar(16) not null, "status" varchar(16) not null, "screenshot_id" uuid null, "video_url" varchar(500) null, "reject_reason" varchar(500) null, "set_at" timestamptz not null default now(), "decided_at" timestamptz null);`,
    );
    this.addSql(`create index "rival_times_game_id_index" on "rival_times" ("game_id");`);
    this.addSql(`create index "rival_times_car_id_index" on "rival_times" ("car_id");`);
    this.addSql(`create index "rival_times_screenshot_id_index" on "rival_times" ("screenshot_id");`);
    this.addSql(`create index "rival_times_board_index" on "rival_times" ("track_id", "platform", "time_ms");`);
    this.addSql(`create index "rival_times_status_index" on "rival_times" ("status", "set_at");`);
    this.addSql(`create index "rival_times_profile_index" on "rival_times" ("profile_id", "track_id", "platform");`);
    this.addSql(`alter table "rival_times" add constraint "rival_times_platform_known" check (platform in ('PC','XBOX','PLAYSTATION'));`);
    this.addSql(`alter table "rival_times" add constraint "rival_times_time_positive" check (time_ms > 0);`);
    this.addSql(`alter table "rival_times" add constraint "rival_times_status_known" check (status in ('PROVISIONAL','VERIFIED','REJECTED'));`);
    this.addSql(`alter table "rival_times" add constraint "rival_times_source_known" check (source in ('SERVER_FILE','SUBMISSION'));`);
    this.addSql(`alter table "rival_times" add constraint "rival_times_conditions_known" check (conditions in ('DRY','WET'));`);
    this.addSql(
      `alter table "rival_times" add constraint "rival_times_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "rival_times" add constraint "rival_times_game_id_fkey" foreign key ("game_id") references "games" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "rival_times" add constraint "rival_times_track_id_fkey" foreign key ("track_id") references "track_variants" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "rival_times" add constraint "rival_times_car_id_fkey" foreign key ("car_id") references "cars" ("id") on update no action on delete cascade;`);
    this.addSql(
      `alter table "rival_times" add constraint "rival_times_screenshot_id_fkey" foreign key ("screenshot_id") references "images" ("id") on update no action on delete set null;`,
    );

    this.addSql(
      `create table "rivals" ("id" serial primary key, "owner_id" int not null, "rival_id" int not null, "game_id" int not null, "track_id" int null, "platform" varchar(16) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "rivals_rival_id_index" on "rivals" ("rival_id");`);
    this.addSql(`create index "rivals_game_id_index" on "rivals" ("game_id");`);
    this.addSql(`create index "rivals_track_id_index" on "rivals" ("track_id");`);
    this.addSql(`create unique index rivals_pick_key on rivals (owner_id, rival_id, game_id, coalesce(track_id, 0), platform);`);
    this.addSql(`alter table "rivals" add constraint "rivals_platform_known" check (platform in ('PC','XBOX','PLAYSTATION'));`);
    this.addSql(`alter table "rivals" add constraint "rivals_not_self" check (owner_id <> rival_id);`);
    this.addSql(
      `alter table "rivals" add constraint "rivals_owner_id_fkey" foreign key ("owner_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "rivals" add constraint "rivals_rival_id_fkey" foreign key ("rival_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "rivals" add constraint "rivals_game_id_fkey" foreign key ("game_id") references "games" ("id") on update no action on delete cascade;`);
    this.addSql(
      `alter table "rivals" add constraint "rivals_track_id_fkey" foreign key ("track_id") references "track_variants" ("id") on update no action on delete cascade;`,
    );
  }
}
