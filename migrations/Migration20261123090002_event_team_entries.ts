import { Migration } from '@mikro-orm/migrations';

/**
 * Team entries: an event says how many drivers a team enters (1 to 4 unless set) and how long before
 * the start the captains' line-ups lock (0: at the start). The database refuses a team's driver past
 * the event's maximum (trigger on event_attendance, queued on the event row like the seats); entries
 * made before this migration stay as they are.
 */
export class Migration20261123090002_event_team_entries extends Migration {
  override name = 'Migration20261123090002_event_team_entries';

  override up(): void {
    this.addSql(
      `alter table "events" add "team_size_min" smallint not null default 1, add "team_size_max" smallint not null default 4, add "lineup_lock_minutes" int not null default 0;`,
    );
    this.addSql(`alter table "events" add constraint "events_lineup_lock_range" check (lineup_lock_minutes >= 0 and lineup_lock_minutes <= 10080);`);
    this.addSql(`alter table "events" add constraint "events_team_size_range" check (team_size_min >= 1 and team_size_min <= team_size_max and team_size_max <= 50);`);
    this.addSql(
      `create or replace function "event_attendance_event_attendance_team_size_fn"() returns trigger as $$ begin if new.team_id is null then return new; end if; perform 1 from events where id = new.event_id for update; if (select count(*) from event_attendance where event_id = new.event_id and team_id = new.team_id) > (select team_size_max from events where id = new.event_id) then raise exception 'event_attendance_team_size_within_max: team % has more drivers than event % allows', new.team_id, new.event_id using errcode = 'check_violation'; end if; return new; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "event_attendance_team_size" AFTER INSERT OR UPDATE on "event_attendance" for each ROW execute function "event_attendance_event_attendance_team_size_fn"();`,
    );
  }
}
