import { Migration } from '@mikro-orm/migrations';

/**
 * The bidding market: rounds (per season, or league-wide for numbers), their lots (seats, cars,
 * numbers; each with its own close, moved by counter-bids, and its award once settled) and sealed bids
 * (one per bidder and lot). Seasons, teams, profiles and users are referred to by id: their modules own them.
 */
export class Migration20261123120003_bidding extends Migration {
  override name = 'Migration20261123120003_bidding';

  override up(): void {
    this.addSql(
      `create table "bidding_rounds" ("id" serial primary key, "name" varchar(100) not null, "season_id" int null, "opens_at" timestamptz not null, "closes_at" timestamptz not null, "counter_bid_hours" smallint not null, "currency" varchar(8) not null, "tokens_per_bidder" int null, "minimum_bid" int not null, "increment" int not null, "manufacturer_cap" int null, "tie_break" varchar(24) not null, "settled_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "bidding_rounds_season_id_index" on "bidding_rounds" ("season_id");`);
    this.addSql(
      `create table "bidding_lots" ("id" serial primary key, "round_id" int not null, "kind" varchar(8) not null, "label" varchar(60) not null, "manufacturer" varchar(60) null, "closes_at" timestamptz not null, "settled_at" timestamptz null, "winner" varchar(20) null, "winning_amount" int null, "outcome" varchar(200) null);`,
    );
    this.addSql(`create index "bidding_lots_closes_at_index" on "bidding_lots" ("closes_at");`);
    this.addSql(`alter table "bidding_lots" add constraint "bidding_lots_round_id_kind_label_key" unique ("round_id", "kind", "label");`);
    this.addSql(
      `create table "bids" ("id" serial primary key, "lot_id" int not null, "bidder" varchar(20) not null, "user_id" int not null, "amount" int not null, "placed_at" timestamptz not null);`,
    );
    this.addSql(`create index "bids_bidder_index" on "bids" ("bidder");`);
    this.addSql(`alter table "bids" add constraint "bids_lot_id_bidder_key" unique ("lot_id", "bidder");`);
    this.addSql(`alter table "bidding_rounds" add constraint "bidding_rounds_counter_bid_hours" check (counter_bid_hours >= 24 and counter_bid_hours <= 48);`);
    this.addSql(`alter table "bidding_rounds" add constraint "bidding_rounds_window" check (closes_at > opens_at);`);
    this.addSql(
      `alter table "bidding_lots" add constraint "bidding_lots_round_id_fkey" foreign key ("round_id") references "bidding_rounds" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "bids" add constraint "bids_lot_id_fkey" foreign key ("lot_id") references "bidding_lots" ("id") on update no action on delete cascade;`);
    this.addSql(`alter table "bids" add constraint "bids_amount_positive" check (amount > 0);`);
  }
}
