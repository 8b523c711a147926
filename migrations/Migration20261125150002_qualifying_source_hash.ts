import { Migration } from '@mikro-orm/migrations';

/**
 * A race's qualifying classification (the grid) is kept as revisions of their own (`session`
 * QUALIFYING, never with steward decisions), and an imported revision keeps the sha256 of its file so
 * the same file imported again writes nothing.
 */
export class Migration20261125150002_qualifying_source_hash extends Migration {
  override name = 'Migration20261125150002_qualifying_source_hash';

  override up(): void {
    this.addSql(`alter table "result_revisions" add column "session" varchar(12) not null default 'RACE', add column "source_hash" varchar(64) null;`);
    this.addSql(`alter table "result_revisions" add constraint "result_revisions_session_known" check (session in ('RACE','QUALIFYING'));`);
    this.addSql(`alter table "result_revisions" add constraint "result_revisions_qualifying_base" check (session = 'RACE' or kind = 'BASE');`);
  }
}
