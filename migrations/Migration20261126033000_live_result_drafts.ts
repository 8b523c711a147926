import { Migration } from '@mikro-orm/migrations';

/** A race's results draft from live timing at the flag (issue #26), for the organizer to confirm. */
export class Migration20261126033000_live_result_drafts extends Migration {
  override name = 'Migration20261126033000_live_result_drafts';

  override up(): void {
    this.addSql(
      `create table "live_result_drafts" ("race_id" int not null, "classification" jsonb not null, "stored_at" timestamptz not null default now(), "confirmed_at" timestamptz null, primary key ("race_id"));`,
    );
    this.addSql(
      `alter table "live_result_drafts" add constraint "live_result_drafts_race_id_fkey" foreign key ("race_id") references "races" ("id") on update no action on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "live_result_drafts" cascade;`);
  }
}
