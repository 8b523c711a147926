import { Migration } from '@mikro-orm/migrations';

/** The transactional outbox, the worker's record of handled events, headlines and site settings. */
export class Migration20261122100000_realtime extends Migration {
  override name = 'Migration20261122100000_realtime';

  override up(): void {
    this.addSql(`
      create table outbox_events (
        seq bigserial primary key,
        id uuid not null unique,
        name varchar(64) not null,
        version smallint not null,
        aggregate_type varchar(32) not null,
        aggregate_id varchar(64) not null,
        payload jsonb not null,
        occurred_at timestamptz not null default now(),
        published_at timestamptz
      );`);
    this.addSql('create index outbox_events_pending_index on outbox_events (seq) where published_at is null;');
    // One NOTIFY per inserting statement, delivered at commit: the relays wake without polling.
    this.addSql(`
      create function notify_outbox() returns trigger language plpgsql as $$
      begin
        perform pg_notify('paddock_outbox', '');
        return null;
      end $$;`);
    this.addSql('create trigger outbox_events_notify after insert on outbox_events for each statement execute function notify_outbox();');
    this.addSql(`
      create table processed_events (
        event_id uuid primary key,
        name varchar(64) not null,
        processed_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table headlines (
        id serial primary key,
        text varchar(200) not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table site_settings (
        key varchar(64) primary key,
        value jsonb not null,
        updated_at timestamptz not null default now()
      );`);
  }

  override down(): void {
    this.addSql('drop table site_settings, headlines, processed_events, outbox_events;');
    this.addSql('drop function notify_outbox();');
  }
}
