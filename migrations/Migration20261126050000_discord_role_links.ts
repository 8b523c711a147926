import { Migration } from '@mikro-orm/migrations';

/** The Discord roles the league's roles are synced to (issue #27, role sync). */
export class Migration20261126050000_discord_role_links extends Migration {
  override name = 'Migration20261126050000_discord_role_links';

  override up(): void {
    this.addSql(
      `create table "discord_role_links" ("key" varchar(64) not null, "discord_role_id" varchar(32) not null, "created_by_league" boolean not null, "linked_at" timestamptz not null default now(), primary key ("key"));`,
    );
    this.addSql(`alter table "discord_role_links" add constraint "discord_role_links_discord_role_id_key" unique ("discord_role_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "discord_role_links" cascade;`);
  }
}
