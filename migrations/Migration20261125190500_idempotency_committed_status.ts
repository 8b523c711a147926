import { Migration } from '@mikro-orm/migrations';

/** An idempotency key is marked in the transaction of its write: a retry after a crash knows whether the write landed. */
export class Migration20261125190500_idempotency_committed_status extends Migration {
  override name = 'Migration20261125190500_idempotency_committed_status';

  override up(): void {
    this.addSql(`alter table "idempotency_keys" add column "committed_status" smallint null;`);
  }

  override down(): void {
    this.addSql(`alter table "idempotency_keys" drop column "committed_status";`);
  }
}
