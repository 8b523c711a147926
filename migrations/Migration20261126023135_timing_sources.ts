import { Migration } from '@mikro-orm/migrations';

/** A race's live timing source (issue #26): the game server's UDP timing port and its passwords, kept server-side. */
export class Migration20261126023135_timing_sources extends Migration {
  override name = 'Migration20261126023135_timing_sources';

  override up(): void {
    this.addSql(
      `create table "timing_sources" ("race_id" int not null, "game" varchar(8) not null, "host" varchar(255) not null, "port" int not null, "local_port" int null, "password" varchar(128) null, "command_password" varchar(128) null, "updated_at" timestamptz not null default now(), primary key ("race_id"));`,
    );
    this.addSql(
      `alter table "timing_sources" add constraint "timing_sources_race_id_fkey" foreign key ("race_id") references "races" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "timing_sources" add constraint "timing_sources_local_port_range" check (local_port is null or (local_port >= 1 and local_port <= 65535));`);
    this.addSql(`alter table "timing_sources" add constraint "timing_sources_port_range" check (port >= 1 and port <= 65535);`);
    this.addSql(`alter table "timing_sources" add constraint "timing_sources_game_known" check (game in ('ACC','AC'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "timing_sources" cascade;`);
  }
}
