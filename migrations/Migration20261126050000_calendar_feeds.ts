import { Migration } from '@mikro-orm/migrations';

/**
 * Calendar feeds (issue #27): an event's revision, the SEQUENCE its races carry in the feeds (raised by
 * every change once it was published), and each driver's private "my races" feed token.
 */
export class Migration20261126050000_calendar_feeds extends Migration {
  override name = 'Migration20261126050000_calendar_feeds';

  override up(): void {
    this.addSql(`alter table "events" add column "revision" int not null default 0;`);
    // Events published before this migration count as published once: an unpublished one then shows as cancelled.
    this.addSql(`update "events" set "revision" = 1 where "published" or "published_at" is not null;`);
    this.addSql(
      `create table "calendar_feed_tokens" ("profile_id" int not null, "token" varchar(64) not null, "created_at" timestamptz not null default now(), primary key ("profile_id"));`,
    );
    this.addSql(`alter table "calendar_feed_tokens" add constraint "calendar_feed_tokens_token_key" unique ("token");`);
    this.addSql(
      `alter table "calendar_feed_tokens" add constraint "calendar_feed_tokens_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "calendar_feed_tokens" cascade;`);
    this.addSql(`alter table "events" drop column "revision";`);
  }
}
