import { Migration } from '@mikro-orm/migrations';

/**
 * Race line-ups: a team's drivers for one race of a TEAM or LVL event when they differ from its event
 * entry (the default line-up of every race). Rows go with their race, driver or team.
 */
export class Migration20261123100001_race_lineups extends Migration {
  override name = 'Migration20261123100001_race_lineups';

  override up(): void {
    this.addSql(`create table "race_lineups" ("race_id" int not null, "profile_id" int not null, "team_id" int not null, primary key ("race_id", "profile_id"));`);
    this.addSql(`create index "race_lineups_profile_id_index" on "race_lineups" ("profile_id");`);
    this.addSql(`create index "race_lineups_team_id_index" on "race_lineups" ("team_id");`);
    this.addSql(
      `alter table "race_lineups" add constraint "race_lineups_race_id_fkey" foreign key ("race_id") references "races" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "race_lineups" add constraint "race_lineups_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "race_lineups" add constraint "race_lineups_team_id_fkey" foreign key ("team_id") references "teams" ("id") on update no action on delete cascade;`,
    );
  }
}
