import { Migration } from '@mikro-orm/migrations';

const PLATFORMS_KNOWN = "platforms <@ array['PC','XBOX','PLAYSTATION']::text[] and cardinality(platforms) > 0";

/**
 * Uploaded images; the racing catalogue (games, tracks with variants, cars); events with their race
 * events and races; attendance, whose seat limit the database enforces; the one live event.
 */
export class Migration20261122110000_catalogue_events extends Migration {
  override name = 'Migration20261122110000_catalogue_events';

  override up(): void {
    this.addSql(`
      create table images (
        id uuid primary key,
        data bytea not null,
        width int not null,
        height int not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table games (
        id serial primary key,
        name varchar(64) not null constraint games_name_key unique,
        icon_id uuid constraint games_icon_id_fkey references images (id) on delete set null,
        platforms text[] not null,
        cross_play_platforms jsonb not null default '[]',
        constraint games_platforms_known check (${PLATFORMS_KNOWN})
      );`);
    this.addSql('create index games_icon_id_index on games (icon_id);');
    this.addSql(`
      create table tracks (
        id serial primary key,
        game_id int not null constraint tracks_game_id_fkey references games (id) on delete cascade,
        name varchar(100) not null,
        country varchar(2) not null constraint tracks_country_code check (country ~ '^[A-Z]{2}$'),
        icon_id uuid constraint tracks_icon_id_fkey references images (id) on delete set null,
        constraint tracks_game_id_name_key unique (game_id, name)
      );`);
    this.addSql('create index tracks_icon_id_index on tracks (icon_id);');
    this.addSql(`
      create table track_variants (
        id serial primary key,
        track_id int not null constraint track_variants_track_id_fkey references tracks (id) on delete cascade,
        name varchar(100) not null,
        length_meters int not null constraint track_variants_length_positive check (length_meters > 0),
        constraint track_variants_track_id_name_key unique (track_id, name)
      );`);
    this.addSql(`
      create table cars (
        id serial primary key,
        game_id int not null constraint cars_game_id_fkey references games (id) on delete cascade,
        name varchar(100) not null,
        car_class varchar(32) not null,
        icon_id uuid constraint cars_icon_id_fkey references images (id) on delete set null,
        constraint cars_game_id_name_key unique (game_id, name)
      );`);
    this.addSql('create index cars_icon_id_index on cars (icon_id);');

    this.addSql(`
      create table events (
        id serial primary key,
        name varchar(100) not null,
        starts_at timestamptz not null,
        assessment boolean not null default false,
        game_id int not null constraint events_game_id_fkey references games (id),
        platforms text[] not null,
        seats int not null,
        seats_taken int not null default 0,
        competition_style varchar(8) not null,
        car_tuning_rule varchar(16) not null,
        car_upgrade_rule varchar(16) not null,
        stewarded boolean not null default false,
        leaderboards_enabled boolean not null default false,
        youtube_video_id varchar(11),
        icon_id uuid constraint events_icon_id_fkey references images (id) on delete set null,
        published boolean not null default false,
        published_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint events_platforms_known check (${PLATFORMS_KNOWN}),
        constraint events_seats_range check (seats >= 1 and seats <= 1000),
        constraint events_seats_taken_within_seats check (seats_taken >= 0 and seats_taken <= seats),
        constraint events_competition_style_known check (competition_style in ('SOLO','TEAM','LVL')),
        constraint events_car_tuning_rule_known check (car_tuning_rule in ('ALLOWED','DISALLOWED')),
        constraint events_car_upgrade_rule_known check (car_upgrade_rule in ('ALLOWED','DISALLOWED','HOMOLOGATED'))
      );`);
    this.addSql('create index events_game_id_index on events (game_id);');
    this.addSql('create index events_icon_id_index on events (icon_id);');
    this.addSql('create index events_starts_at_index on events (starts_at);');
    this.addSql(`
      create table race_events (
        id serial primary key,
        event_id int not null constraint race_events_event_id_fkey references events (id) on delete cascade,
        position smallint not null,
        track_variant_id int constraint race_events_track_variant_id_fkey references track_variants (id),
        external_track_name varchar(100),
        qualify_enabled boolean not null default false,
        qualify_track_variant_id int constraint race_events_qualify_track_variant_id_fkey references track_variants (id),
        qualify_laps int,
        qualify_length_minutes int,
        constraint race_events_event_id_position_key unique (event_id, position)
      );`);
    this.addSql('create index race_events_track_variant_id_index on race_events (track_variant_id);');
    this.addSql('create index race_events_qualify_track_variant_id_index on race_events (qualify_track_variant_id);');
    this.addSql(`
      create table races (
        id serial primary key,
        race_event_id int not null constraint races_race_event_id_fkey references race_events (id) on delete cascade,
        position smallint not null,
        race_event_type varchar(16) not null,
        track_variant_id int constraint races_track_variant_id_fkey references track_variants (id),
        laps int,
        length_minutes int,
        constraint races_race_event_id_position_key unique (race_event_id, position),
        constraint races_race_event_type_known check (race_event_type in ('PRACTICE','SPRINT','RACE','FEATURE','ENDURANCE'))
      );`);
    this.addSql('create index races_track_variant_id_index on races (track_variant_id);');

    this.addSql(`
      create table event_attendance (
        event_id int not null constraint event_attendance_event_id_fkey references events (id) on delete cascade,
        profile_id int not null constraint event_attendance_profile_id_fkey references driver_profiles (id) on delete cascade,
        team_id int constraint event_attendance_team_id_fkey references teams (id) on delete set null,
        joined_at timestamptz not null default now(),
        primary key (event_id, profile_id)
      );`);
    this.addSql('create index event_attendance_profile_id_index on event_attendance (profile_id);');
    this.addSql('create index event_attendance_team_id_index on event_attendance (team_id);');
    // The seat limit holds whoever writes attendance: every inserted or deleted row moves the event's
    // seats_taken, which the check constraint keeps within seats; the update locks the event row, so
    // concurrent sign-ups queue and the one past the limit fails (check_violation).
    this.addSql(
      `create or replace function "event_attendance_event_attendance_seats_fn"() returns trigger as $$ begin ` +
        `if tg_op = 'INSERT' then update events set seats_taken = seats_taken + 1 where id = new.event_id; return new; ` +
        `else update events set seats_taken = seats_taken - 1 where id = old.event_id; return old; end if; end; $$ language plpgsql;`,
    );
    this.addSql(
      'create trigger "event_attendance_seats" after insert or delete on event_attendance for each row execute function "event_attendance_event_attendance_seats_fn"();',
    );

    this.addSql(`
      create table live_event (
        singleton boolean primary key default true constraint live_event_singleton check (singleton),
        event_id int not null constraint live_event_event_id_fkey references events (id) on delete cascade,
        stream_url varchar(300) not null,
        started_at timestamptz not null default now()
      );`);
    this.addSql('create index live_event_event_id_index on live_event (event_id);');
  }

  override down(): void {
    this.addSql('drop table live_event, event_attendance, races, race_events, events, cars, track_variants, tracks, games, images;');
    this.addSql('drop function "event_attendance_event_attendance_seats_fn"();');
  }
}
