import { Migration } from '@mikro-orm/migrations';

/** A season may keep its stewards' panel anonymous to a ticket's drivers until the decision (the default). */
export class Migration20261125180000_panel_anonymity extends Migration {
  override name = 'Migration20261125180000_panel_anonymity';

  override up(): void {
    this.addSql(`alter table "season_stewarding_settings" add column "panel_hidden_until_decision" boolean not null default true;`);
  }

  override down(): void {
    this.addSql(`alter table "season_stewarding_settings" drop column "panel_hidden_until_decision";`);
  }
}
