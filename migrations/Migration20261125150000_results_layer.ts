import { Migration } from '@mikro-orm/migrations';

/**
 * Steward decisions as a layer over a race's results: a revision is a BASE (saved, imported, reverted)
 * or DECISIONS (a base with the standing decisions applied, naming that base). Revisions the stewards
 * wrote before ("steward panel: …") become DECISIONS revisions of the latest base before them.
 */
export class Migration20261125150000_results_layer extends Migration {
  override name = 'Migration20261125150000_results_layer';

  override up(): void {
    this.addSql(`alter table "result_revisions" add column "kind" varchar(10) not null default 'BASE', add column "base_number" int null;`);
    this.addSql(
      `update "result_revisions" r set "kind" = 'DECISIONS', "base_number" = (select max(b."number") from "result_revisions" b where b."race_id" = r."race_id" and b."number" < r."number" and b."note" not like 'steward panel%')
       where r."note" like 'steward panel%' and exists (select 1 from "result_revisions" b where b."race_id" = r."race_id" and b."number" < r."number" and b."note" not like 'steward panel%');`,
    );
    this.addSql(`alter table "result_revisions" add constraint "result_revisions_kind_known" check (kind in ('BASE','DECISIONS'));`);
    this.addSql(`alter table "result_revisions" add constraint "result_revisions_base_of_decisions" check ((kind = 'DECISIONS') = (base_number is not null));`);
  }
}
