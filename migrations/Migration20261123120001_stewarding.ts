import { Migration } from '@mikro-orm/migrations';

/**
 * Stewarding: per-season settings, incident tickets with their parties, statements, the stewards'
 * thread and votes, decisions (one per round: 1 the hearing, 2 the appeal), appeals, the audit trail,
 * the licence points ledger and race bans. Rows go with their ticket; tickets with their season, event or race.
 */
export class Migration20261123120001_stewarding extends Migration {
  override name = 'Migration20261123120001_stewarding';

  override up(): void {
    this.addSql(
      `create table "season_stewarding_settings" ("season_id" int not null, "cool_down_minutes" int not null, "protest_deadline_minutes" int not null, "decision_due_minutes" int not null, "panel_size" smallint not null, "majority" smallint not null, "appeal_window_minutes" int not null, "licence_ban_threshold" smallint not null, "licence_ban_events" smallint not null, "licence_expiry_events" smallint not null, primary key ("season_id"));`,
    );
    this.addSql(
      `create table "tickets" ("id" serial primary key, "season_id" int not null, "event_id" int not null, "race_id" int not null, "state" varchar(16) not null default 'OPEN', "lap" int null, "race_time" varchar(20) null, "video_timestamp" varchar(20) null, "corner" varchar(100) null, "description" text not null, "evidence" jsonb not null, "filed_at" timestamptz not null default now(), "window_opens_at" timestamptz not null, "window_closes_at" timestamptz not null, "decision_due_at" timestamptz not null, "round" smallint not null default 1);`,
    );
    this.addSql(`create index "tickets_season_id_index" on "tickets" ("season_id");`);
    this.addSql(`create index "tickets_event_id_index" on "tickets" ("event_id");`);
    this.addSql(`create index "tickets_race_id_index" on "tickets" ("race_id");`);
    this.addSql(
      `create table "ticket_decisions" ("id" serial primary key, "ticket_id" int not null, "round" smallint not null, "outcomes" jsonb not null, "reason" text not null, "decided_by" jsonb not null, "decided_at" timestamptz not null default now(), "confirmed" boolean null);`,
    );
    this.addSql(`alter table "ticket_decisions" add constraint "ticket_decisions_ticket_id_round_key" unique ("ticket_id", "round");`);
    this.addSql(
      `create table "ticket_votes" ("id" serial primary key, "ticket_id" int not null, "steward_id" int not null, "round" smallint not null, "outcomes" jsonb not null, "reason" text not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ticket_votes_steward_id_index" on "ticket_votes" ("steward_id");`);
    this.addSql(`alter table "ticket_votes" add constraint "ticket_votes_ticket_id_steward_id_round_key" unique ("ticket_id", "steward_id", "round");`);
    this.addSql(
      `create table "ticket_messages" ("id" serial primary key, "ticket_id" int not null, "author_id" int not null, "text" text not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ticket_messages_ticket_id_index" on "ticket_messages" ("ticket_id");`);
    this.addSql(
      `create table "ticket_audit" ("id" serial primary key, "ticket_id" int not null, "actor_id" int null, "action" varchar(20) not null, "detail" varchar(500) not null, "at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ticket_audit_ticket_id_index" on "ticket_audit" ("ticket_id");`);
    this.addSql(
      `create table "ticket_statements" ("id" serial primary key, "ticket_id" int not null, "profile_id" int not null, "text" text not null, "evidence" jsonb not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ticket_statements_ticket_id_index" on "ticket_statements" ("ticket_id");`);
    this.addSql(`create table "ticket_parties" ("id" serial primary key, "ticket_id" int not null, "profile_id" int not null, "role" varchar(8) not null);`);
    this.addSql(`create index "ticket_parties_profile_id_index" on "ticket_parties" ("profile_id");`);
    this.addSql(`alter table "ticket_parties" add constraint "ticket_parties_ticket_id_profile_id_key" unique ("ticket_id", "profile_id");`);
    this.addSql(
      `create table "ticket_appeals" ("ticket_id" int not null, "profile_id" int not null, "reason" text not null, "evidence" jsonb not null, "created_at" timestamptz not null default now(), primary key ("ticket_id"));`,
    );
    this.addSql(
      `create table "race_bans" ("id" serial primary key, "ticket_id" int not null, "profile_id" int not null, "event_id" int not null, "reason" varchar(200) not null);`,
    );
    this.addSql(`create index "race_bans_profile_id_event_id_index" on "race_bans" ("profile_id", "event_id");`);
    this.addSql(`alter table "race_bans" add constraint "race_bans_ticket_id_profile_id_event_id_key" unique ("ticket_id", "profile_id", "event_id");`);
    this.addSql(
      `create table "licence_entries" ("id" serial primary key, "ticket_id" int not null, "profile_id" int not null, "points" smallint not null, "event_id" int not null, "expiry_events" smallint not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "licence_entries_ticket_id_index" on "licence_entries" ("ticket_id");`);
    this.addSql(`create index "licence_entries_profile_id_index" on "licence_entries" ("profile_id");`);
    this.addSql(
      `alter table "season_stewarding_settings" add constraint "season_stewarding_settings_season_id_fkey" foreign key ("season_id") references "seasons" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "tickets" add constraint "tickets_season_id_fkey" foreign key ("season_id") references "seasons" ("id") on update no action on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_event_id_fkey" foreign key ("event_id") references "events" ("id") on update no action on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_race_id_fkey" foreign key ("race_id") references "races" ("id") on update no action on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_state_known" check (state in ('OPEN','UNDER_REVIEW','DECIDED','APPEALED','CLOSED'));`);
    this.addSql(
      `alter table "ticket_decisions" add constraint "ticket_decisions_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_votes" add constraint "ticket_votes_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_votes" add constraint "ticket_votes_steward_id_fkey" foreign key ("steward_id") references "users" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_messages" add constraint "ticket_messages_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_messages" add constraint "ticket_messages_author_id_fkey" foreign key ("author_id") references "users" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_audit" add constraint "ticket_audit_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_audit" add constraint "ticket_audit_actor_id_fkey" foreign key ("actor_id") references "users" ("id") on update no action on delete set null;`,
    );
    this.addSql(
      `alter table "ticket_statements" add constraint "ticket_statements_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_statements" add constraint "ticket_statements_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_parties" add constraint "ticket_parties_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_parties" add constraint "ticket_parties_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "ticket_parties" add constraint "ticket_parties_role_known" check (role in ('FILER','ACCUSED'));`);
    this.addSql(
      `alter table "ticket_appeals" add constraint "ticket_appeals_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_appeals" add constraint "ticket_appeals_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "race_bans" add constraint "race_bans_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "race_bans" add constraint "race_bans_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "race_bans" add constraint "race_bans_event_id_fkey" foreign key ("event_id") references "events" ("id") on update no action on delete cascade;`);
    this.addSql(
      `alter table "licence_entries" add constraint "licence_entries_ticket_id_fkey" foreign key ("ticket_id") references "tickets" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "licence_entries" add constraint "licence_entries_profile_id_fkey" foreign key ("profile_id") references "driver_profiles" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "licence_entries" add constraint "licence_entries_event_id_fkey" foreign key ("event_id") references "events" ("id") on update no action on delete cascade;`,
    );
  }
}
