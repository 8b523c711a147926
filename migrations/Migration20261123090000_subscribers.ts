import { Migration } from '@mikro-orm/migrations';

/**
 * Several subscribers per domain event: each subscriber's run of an event is recorded on its own, so
 * processed_events is keyed by (event_id, subscriber). Rows from before keep their event under the
 * subscriber name '(before subscribers)'; they are pruned with the rest after the retention.
 */
export class Migration20261123090000_subscribers extends Migration {
  override name = 'Migration20261123090000_subscribers';

  override up(): void {
    this.addSql(`alter table processed_events add column subscriber varchar(128) not null default '(before subscribers)';`);
    this.addSql('alter table processed_events alter column subscriber drop default;');
    this.addSql('alter table processed_events drop constraint processed_events_pkey, add constraint processed_events_pkey primary key (event_id, subscriber);');
  }

  override down(): void {
    this.addSql('delete from processed_events a using processed_events b where a.event_id = b.event_id and a.subscriber > b.subscriber;');
    this.addSql('alter table processed_events drop constraint processed_events_pkey, add constraint processed_events_pkey primary key (event_id);');
    this.addSql('alter table processed_events drop column subscriber;');
  }
}
