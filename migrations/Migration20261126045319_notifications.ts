import { Migration } from '@mikro-orm/migrations';

/** The notification centre (issue #27): users' notifications, their per-kind channels, and the standings positions last told. */
export class Migration20261126045319_notifications extends Migration {
  override name = 'Migration20261126045319_notifications';

  override up(): void {
    this.addSql(
      `create table "notification_standing_positions" ("season_id" int not null, "profile_id" int not null, "position" int not null, primary key ("season_id", "profile_id"));`,
    );
    this.addSql(
      `create table "notification_settings" ("user_id" int not null, "kind" varchar(40) not null, "site" boolean not null, "push" boolean not null, "discord_dm" boolean not null, primary key ("user_id", "kind"));`,
    );
    this.addSql(
      `create table "notifications" ("id" serial primary key, "user_id" int not null, "kind" varchar(40) not null, "title" varchar(200) not null, "body" text not null, "link" varchar(300) not null, "dedupe_key" varchar(120) not null, "site" boolean not null, "created_at" timestamptz not null default now(), "read_at" timestamptz null);`,
    );
    this.addSql(`create index "notifications_created_at_index" on "notifications" ("created_at");`);
    this.addSql(`create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_dedupe_key_key" unique ("user_id", "dedupe_key");`);
    this.addSql(
      `alter table "notification_settings" add constraint "notification_settings_user_id_fkey" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_fkey" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table "notifications";`);
    this.addSql(`drop table "notification_settings";`);
    this.addSql(`drop table "notification_standing_positions";`);
  }
}
