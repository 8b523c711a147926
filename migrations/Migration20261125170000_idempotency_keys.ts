import { Migration } from '@mikro-orm/migrations';

/** Writes sent with an Idempotency-Key: the first answer per caller and key, replayed to retries for 24 h. */
export class Migration20261125170000_idempotency_keys extends Migration {
  override name = 'Migration20261125170000_idempotency_keys';

  override up(): void {
    this.addSql(
      `create table "idempotency_keys" ("caller" varchar(80) not null, "key" varchar(200) not null, "fingerprint" varchar(64) not null, "status" smallint null, "body" json null, "created_at" timestamptz not null default now(), constraint "idempotency_keys_pkey" primary key ("caller", "key"));`,
    );
    this.addSql(`create index "idempotency_keys_created_at_index" on "idempotency_keys" ("created_at");`);
  }

  override down(): void {
    this.addSql(`drop table "idempotency_keys";`);
  }
}
