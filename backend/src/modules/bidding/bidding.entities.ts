import { Collection, type Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, OneToMany, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { BiddingCurrency, LotKind, TieBreak } from '../../contracts/bidding.js';
import { CreatedAtEntity, SerialIdEntity } from '../../infra/database/serial-id-entity.js';

/*
 * Seasons, teams, driver profiles and users are other modules' records: they are kept by id here
 * (their modules' services are asked about them), so this module owns only its own tables.
 */

/** A bidding round: its lots open at `opensAt`, each closes at its own `closesAt` (the round's, or later after a counter-bid). */
@Entity({ tableName: 'bidding_rounds' })
@Check({ name: 'bidding_rounds_window', expression: 'closes_at > opens_at' })
@Check({ name: 'bidding_rounds_counter_bid_hours', expression: 'counter_bid_hours >= 24 and counter_bid_hours <= 48' })
export class BiddingRound extends CreatedAtEntity {
  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Null: league-wide (numbers only). */
  @Property({ type: 'integer', nullable: true })
  @Index()
  seasonId: number | null = null;

  @Property({ type: 'timestamptz' })
  opensAt!: Date;

  @Property({ type: 'timestamptz' })
  closesAt!: Date;

  @Property({ type: 'smallint' })
  counterBidHours!: number;

  @Property({ type: 'string', length: 8 })
  currency!: BiddingCurrency;

  @Property({ type: 'integer', nullable: true })
  tokensPerBidder: number | null = null;

  @Property({ type: 'integer' })
  minimumBid!: number;

  @Property({ type: 'integer' })
  increment!: number;

  @Property({ type: 'integer', nullable: true })
  manufacturerCap: number | null = null;

  @Property({ type: 'string', length: 24 })
  tieBreak!: TieBreak;

  /** When its last lot was settled. */
  @Property({ type: 'timestamptz', nullable: true })
  settledAt: Date | null = null;

  @OneToMany(() => BiddingLot, (lot) => lot.round)
  lots = new Collection<BiddingLot>(this);
}

/** One thing bid for; after settlement it holds the award (winner and price) or why there is none. */
@Entity({ tableName: 'bidding_lots' })
@Unique({ properties: ['round', 'kind', 'label'] })
@Index({ name: 'bidding_lots_closes_at_index', properties: ['closesAt'] })
export class BiddingLot extends SerialIdEntity {
  @ManyToOne(() => BiddingRound, { deleteRule: 'cascade' })
  round!: Rel<BiddingRound>;

  @Property({ type: 'string', length: 8 })
  kind!: LotKind;

  @Property({ type: 'string', length: 60 })
  label!: string;

  @Property({ type: 'string', length: 60, nullable: true })
  manufacturer: string | null = null;

  @Property({ type: 'timestamptz' })
  closesAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  settledAt: Date | null = null;

  /** The winning bidder, `t:<teamId>` or `p:<profileId>`. */
  @Property({ type: 'string', length: 20, nullable: true })
  winner: string | null = null;

  @Property({ type: 'integer', nullable: true })
  winningAmount: number | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  outcome: string | null = null;

  @OneToMany(() => Bid, (bid) => bid.lot)
  bids = new Collection<Bid>(this);
}

/** A sealed bid: one per bidder and lot (bidding again changes it). */
@Entity({ tableName: 'bids' })
@Unique({ properties: ['lot', 'bidder'] })
@Check({ name: 'bids_amount_positive', expression: 'amount > 0' })
export class Bid extends SerialIdEntity {
  @ManyToOne(() => BiddingLot, { deleteRule: 'cascade' })
  lot!: Rel<BiddingLot>;

  /** `t:<teamId>` (a captain for the team) or `p:<profileId>` (a driver). */
  @Property({ type: 'string', length: 20 })
  @Index()
  bidder!: string;

  /** Who placed it (told live of the result). */
  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'timestamptz' })
  placedAt!: Date;
}

/** The bidding module's tables. */
export const BIDDING_ENTITIES = [BiddingRound, BiddingLot, Bid] as const;
