import { Migration } from '@mikro-orm/migrations';

/**
 * Guests and co-drivers in results: a line's driver is a profile or a guest's name (never both); a
 * line's car may have co-drivers (a profile or a guest name each, with their laps and driving time); a
 * line keeps its post-race penalty time, the reason for its classification and its driver's driving
 * time. A driver is once in a revision across lines and co-drivers (unique keys plus a trigger across the two).
 */
export class Migration20261125150001_guests_co_drivers extends Migration {
  override name = 'Migration20261125150001_guests_co_drivers';

  override up(): void {
    this.addSql(
      `alter table "race_result_lines" alter column "profile_id" drop not null, add column "guest_name" varchar(100) null, add column "penalty_ms" int null, add column "reason" varchar(300) null, add column "driving_time_ms" int null;`,
    );
    this.addSql(`alter table "race_result_lines" add constraint "race_result_lines_driver_or_guest" check ((profile_id is null) <> (guest_name is null));`);
    this.addSql(
      `create table "race_result_co_drivers" ("id" serial primary key, "line_id" int not null, "revision_id" int not null, "seat" smallint not null, "profile_id" int null, "name" varchar(100) null, "laps" int null, "driving_time_ms" int null);`,
    );
    this.addSql(`create index "race_result_co_drivers_revision_id_index" on "race_result_co_drivers" ("revision_id");`);
    this.addSql(`create index "race_result_co_drivers_profile_id_index" on "race_result_co_drivers" ("profile_id");`);
    this.addSql(`alter table "race_result_co_drivers" add constraint "race_result_co_drivers_revision_id_profile_id_key" unique ("revision_id", "profile_id");`);
    this.addSql(`alter table "race_result_co_drivers" add constraint "race_result_co_drivers_line_id_seat_key" unique ("line_id", "seat");`);
    this.addSql(`alter table "race_result_co_drivers" add constraint "race_result_co_drivers_driver_or_guest" check (profile_id is not null or name is not null);`);
    this.addSql(`alter table "race_result_co_drivers" add constraint "race_result_co_drivers_laps_range" check (laps >= 0);`);
    this.addSql(
      `alter table "race_result_co_drivers" add constraint "race_result_co_drivers_line_id_fkey" foreign key ("line_id") references "race_result_lines" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "race_result_co_drivers" add constraint "race_result_co_drivers_revision_id_fkey" foreign key ("revision_id") references "result_revisions" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "race_result_co_drivers" add constraint "race_result_co_drivers_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete no action;`,
    );
    this.addSql(`create function "result_driver_once_per_revision"() returns trigger language plpgsql as $$
begin
  if new.profile_id is not null and (
    (tg_table_name = 'race_result_co_drivers' and exists (select 1 from race_result_lines l where l.revision_id = new.revision_id and l.profile_id = new.profile_id))
    or (tg_table_name = 'race_result_lines' and exists (select 1 from race_result_co_drivers c where c.revision_id = new.revision_id and c.profile_id = new.profile_id))
  ) then
    raise exception 'driver profile % is in revision % twice', new.profile_id, new.revision_id using errcode = 'unique_violation', constraint = 'result_driver_once_per_revision';
  end if;
  return new;
end $$;`);
    this.addSql(
      `create trigger "race_result_lines_driver_once" before insert or update on "race_result_lines" for each row execute function "result_driver_once_per_revision"();`,
    );
    this.addSql(
      `create trigger "race_result_co_drivers_driver_once" before insert or update on "race_result_co_drivers" for each row execute function "result_driver_once_per_revision"();`,
    );
  }
}
