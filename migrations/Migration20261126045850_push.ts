import { Migration } from '@mikro-orm/migrations';

/** Web push (issue #27): each user's devices that opted in to notifications, and the VAPID key pair kept when none is configured. */
export class Migration20261126045850_push extends Migration {
  override name = 'Migration20261126045850_push';

  override up(): void {
    this.addSql(
      `create table "push_vapid_keys" ("id" smallint not null, "public_key" varchar(100) not null, "private_key" varchar(100) not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `create table "push_subscriptions" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int not null, "endpoint" varchar(1000) not null, "p256dh" varchar(100) not null, "auth" varchar(32) not null, "label" varchar(100) not null, "last_sent_at" timestamptz null);`,
    );
    this.addSql(`create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_key" unique ("endpoint");`);
    this.addSql(`alter table "push_vapid_keys" add constraint "push_vapid_keys_one_row" check (id = 1);`);
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_user_id_fkey" foreign key ("user_id") references "users" ("id") on update no action on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
    this.addSql(`drop table if exists "push_vapid_keys" cascade;`);
  }
}
