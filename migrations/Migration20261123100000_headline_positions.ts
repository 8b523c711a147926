import { Migration } from '@mikro-orm/migrations';

/**
 * Admins put the header's headlines in order: each has a position (smallest first). Existing
 * headlines keep the order they were shown in (newest first).
 */
export class Migration20261123100000_headline_positions extends Migration {
  override name = 'Migration20261123100000_headline_positions';

  override up(): void {
    this.addSql('alter table headlines add column position integer not null default 0;');
    this.addSql(`
      update headlines set position = ranked.position
      from (select id, row_number() over (order by created_at desc, id desc) - 1 as position from headlines) ranked
      where headlines.id = ranked.id;`);
  }

  override down(): void {
    this.addSql('alter table headlines drop column position;');
  }
}
