import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log of staff changes. Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE,
 * whoever asks, so an entry once committed stays as written.
 */
export class Migration20261125180001_audit_log extends Migration {
  override name = 'Migration20261125180001_audit_log';

  override up(): void {
    this.addSql(
      `create table "audit_log" ("id" serial primary key, "at" timestamptz not null default now(), "actor_id" int null, "kind" varchar(40) not null, "entity_id" varchar(64) not null, "label" varchar(200) not null, "action" varchar(60) not null, "before" jsonb null, "after" jsonb null);`,
    );
    this.addSql(`create index "audit_log_at_index" on "audit_log" ("at");`);
    this.addSql(`create index "audit_log_actor_id_at_index" on "audit_log" ("actor_id", "at");`);
    this.addSql(`create index "audit_log_kind_at_index" on "audit_log" ("kind", "at");`);
    this.addSql(
      `create function "audit_log_refuse_change"() returns trigger language plpgsql as $$ begin raise exception 'The audit log is append-only: % is refused', tg_op using errcode = 'insufficient_privilege'; end $$;`,
    );
    this.addSql(`create trigger "audit_log_append_only" before update or delete on "audit_log" for each row execute function "audit_log_refuse_change"();`);
    this.addSql(`create trigger "audit_log_no_truncate" before truncate on "audit_log" for each statement execute function "audit_log_refuse_change"();`);
  }

  override down(): void {
    this.addSql(`drop table "audit_log";`);
    this.addSql(`drop function "audit_log_refuse_change"();`);
  }
}
