/**
 * The bidding market: organizers open rounds of lots (team seats and car models in TEAM and LVL
 * seasons, race numbers in a season or league-wide); captains bid for their team, drivers for
 * numbers, sealed (each bidder sees only their own bids and budget); a scheduled job settles each lot
 * when its close has passed.
 *
 * Counter-bid window: a bid placed while a lot has less than `counterBidHours` left moves that lot's
 * close to `counterBidHours` after the bid — only that lot's, so the others close on time and a late
 * bid always leaves the others a full window to answer it.
 */
import { noContent, route } from './http.js';

export const LOT_KINDS = ['SEAT', 'CAR', 'NUMBER'] as const;
export type LotKind = (typeof LOT_KINDS)[number];

/** TOKENS: every bidder gets `tokensPerBidder`; POINTS: a bidder's points of the competition's previous season (a team's for teams, a driver's for drivers). */
export const BIDDING_CURRENCIES = ['TOKENS', 'POINTS'] as const;
export type BiddingCurrency = (typeof BIDDING_CURRENCIES)[number];

/** Equal bids: the better position in the previous season's championship wins (then the earlier bid), or simply the earlier bid. */
export const TIE_BREAKS = ['CHAMPIONSHIP_POSITION', 'EARLIEST_BID'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

export const COUNTER_BID_HOURS_MIN = 24;
export const COUNTER_BID_HOURS_MAX = 48;
export const LOT_LABEL_MAX = 60;
export const MAX_LOTS = 300;

/** The usual token market's rules (the demo round's, and tests' starting point): 100 tokens each, bids from 10 in steps of 5, a 24-hour counter-bid window, no manufacturer cap, the earlier bid wins a tie. */
export const TOKEN_MARKET_RULES = {
  counterBidHours: 24,
  currency: 'TOKENS',
  tokensPerBidder: 100,
  minimumBid: 10,
  increment: 5,
  manufacturerCap: null,
  tieBreak: 'EARLIEST_BID',
} as const satisfies Partial<BiddingRoundRequest>;

export interface BiddingLotRequest {
  kind: LotKind;
  /** A seat's or car's name; for NUMBER the number itself ("44"). */
  label: string;
  /** CAR lots: the manufacturer the cap counts. */
  manufacturer?: string | null;
}

/** `PUT /api/bidding/rounds`: with `id` it updates. */
export interface BiddingRoundRequest {
  id?: number;
  name: string;
  /** Null: a league-wide round (numbers only). */
  seasonId?: number | null;
  opensAt: string;
  closesAt: string;
  counterBidHours: number;
  currency: BiddingCurrency;
  /** TOKENS only. */
  tokensPerBidder?: number | null;
  minimumBid: number;
  increment: number;
  /** At most this many cars of one manufacturer are awarded in the round (null: no cap). */
  manufacturerCap?: number | null;
  tieBreak: TieBreak;
  lots: BiddingLotRequest[];
}

export interface BiddingLotDto {
  id: number;
  kind: LotKind;
  label: string;
  manufacturer: string | null;
  closesAt: string;
  settled: boolean;
  /** After settlement: the winner's name and price (null: no valid bid won it). */
  winner: { name: string; amount: number } | null;
  /** After settlement, what happened (e.g. why nobody won, or why a number was not put on the profile). */
  outcome: string | null;
}

export interface BiddingRoundDto {
  id: number;
  name: string;
  seasonId: number | null;
  /** "Competition – Season", or "League-wide". */
  seasonName: string;
  opensAt: string;
  closesAt: string;
  counterBidHours: number;
  currency: BiddingCurrency;
  tokensPerBidder: number | null;
  minimumBid: number;
  increment: number;
  manufacturerCap: number | null;
  tieBreak: TieBreak;
  settled: boolean;
  bidCount: number;
  lots: BiddingLotDto[];
}

export interface MyBidDto {
  id: number;
  amount: number;
  placedAt: string;
}

export interface BidderLotDto extends BiddingLotDto {
  myBid: MyBidDto | null;
  /** After settlement: whether this bidder won it. */
  won: boolean;
}

/** One round as one bidder (a driver, or a captain's team) sees it. */
export interface BidderRoundDto {
  id: number;
  name: string;
  seasonName: string;
  opensAt: string;
  closesAt: string;
  counterBidHours: number;
  currency: BiddingCurrency;
  minimumBid: number;
  increment: number;
  open: boolean;
  settled: boolean;
  bidder: { kind: 'DRIVER' | 'TEAM'; id: number; name: string };
  budget: number;
  /** Open bids plus lots won. */
  committed: number;
  available: number;
  lots: BidderLotDto[];
}

/** `POST /api/bidding/rounds/{id}/bids`: `teamId` for seats and cars (the caller captains it). */
export interface PlaceBidRequest {
  lotId: number;
  amount: number;
  teamId?: number | null;
}

/** A bid's amount against the round's minimum and increment: a message, or null when valid. */
export function bidAmountProblem(amount: number, minimumBid: number, increment: number): string | null {
  if (!Number.isInteger(amount) || amount < minimumBid) return `A bid is at least ${minimumBid}`;
  if ((amount - minimumBid) % increment !== 0) return `A bid goes up in steps of ${increment} from ${minimumBid}`;
  return null;
}

/** `GET /api/bidding/mine?for=`: numbers as the caller (a driver), teams for each team the caller captains. */
export interface BidderRoundsQuery {
  for: 'numbers' | 'teams';
}

export const biddingRoutes = {
  /** Every round with its lots, bid counts and (once settled) awards (organizers). */
  'GET /bidding/rounds': route<BiddingRoundDto[]>('isOrganizer'),
  'GET /bidding/rounds/:round': route<BiddingRoundDto>('isOrganizer'),
  /** Creates (no `id`) or edits a round and its lots; lots with bids stay, a round being settled is not changed (409). */
  'PUT /bidding/rounds': route<BiddingRoundDto, BiddingRoundRequest>('isOrganizer'),
  /** The caller's view: lots, own sealed bids, budget, results. */
  'GET /bidding/mine': route<BidderRoundDto[], undefined, BidderRoundsQuery>('signedIn'),
  /** Places or changes the caller's sealed bid on a lot of the round (a team's with `teamId`); answers the round as this bidder sees it. */
  'POST /bidding/rounds/:round/bids': route<BidderRoundDto, PlaceBidRequest>('signedIn'),
  /** Withdraws one of the caller's bids (or their team's) while its lot is open. */
  'DELETE /bidding/bids/:bid': noContent('signedIn'),
} as const;
