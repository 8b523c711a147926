import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Min, ValidateBy, ValidateNested } from 'class-validator';
import { DateTimeField, OneOfField, OptionalIdField, OptionalTextField, TextField } from '../../../common/dto-fields.js';
import {
  BIDDING_CURRENCIES,
  COUNTER_BID_HOURS_MAX,
  COUNTER_BID_HOURS_MIN,
  LOT_KINDS,
  LOT_LABEL_MAX,
  MAX_LOTS,
  TIE_BREAKS,
  type BiddingCurrency,
  type BiddingLotRequest,
  type BiddingRoundRequest,
  type BidderRoundsQuery,
  type LotKind,
  type PlaceBidRequest,
  type TieBreak,
} from '../../../contracts/bidding.js';

/** Bids and budgets fit an integer column with room to spare. */
export const AMOUNT_MAX = 1_000_000;

const whole = (field: string, min: number, max: number) => ({ message: `${field} must be a whole number from ${min} to ${max}` });

/** A whole number in a range, with one message whatever is wrong with it. */
function WholeField(field: string, min: number, max: number, optional = false) {
  return applyDecorators(
    optional ? ApiPropertyOptional({ minimum: min, maximum: max, nullable: true }) : ApiProperty({ minimum: min, maximum: max }),
    ...(optional ? [IsOptional()] : []),
    ValidateBy(
      { name: 'isWholeInRange', validator: { validate: (value) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max } },
      whole(field, min, max),
    ),
  );
}

export class BiddingLotBody implements BiddingLotRequest {
  @OneOfField(LOT_KINDS)
  kind!: LotKind;

  @TextField(LOT_LABEL_MAX, '44')
  label!: string;

  @OptionalTextField(LOT_LABEL_MAX, 'CAR lots: the manufacturer the cap counts')
  manufacturer?: string | null;
}

/** `PUT /api/bidding/rounds`: with `id` it updates. */
export class BiddingRoundBody implements BiddingRoundRequest {
  @OptionalIdField()
  id?: number;

  @TextField(100, 'Season 3 market')
  name!: string;

  @WholeField('seasonId', 1, 2_147_483_647, true)
  seasonId?: number | null;

  @DateTimeField({ example: '2026-12-01T18:00:00Z' })
  opensAt!: string;

  @DateTimeField({ example: '2026-12-08T18:00:00Z' })
  closesAt!: string;

  @WholeField('counterBidHours', COUNTER_BID_HOURS_MIN, COUNTER_BID_HOURS_MAX)
  counterBidHours!: number;

  @OneOfField(BIDDING_CURRENCIES)
  currency!: BiddingCurrency;

  @WholeField('tokensPerBidder', 1, AMOUNT_MAX, true)
  tokensPerBidder?: number | null;

  @WholeField('minimumBid', 1, AMOUNT_MAX)
  minimumBid!: number;

  @WholeField('increment', 1, AMOUNT_MAX)
  increment!: number;

  @WholeField('manufacturerCap', 1, 100, true)
  manufacturerCap?: number | null;

  @OneOfField(TIE_BREAKS)
  tieBreak!: TieBreak;

  @ApiProperty({ type: [BiddingLotBody] })
  @IsArray({ message: 'lots must be a list' })
  @ArrayMaxSize(MAX_LOTS, { message: `a round has at most ${MAX_LOTS} lots` })
  @ValidateNested({ each: true })
  @Type(() => BiddingLotBody)
  lots!: BiddingLotBody[];
}

/** `POST /api/bidding/rounds/{round}/bids`. */
export class PlaceBidBody implements PlaceBidRequest {
  @WholeField('lotId', 1, 2_147_483_647)
  lotId!: number;

  @WholeField('amount', 1, AMOUNT_MAX)
  amount!: number;

  @WholeField('teamId', 1, 2_147_483_647, true)
  teamId?: number | null;
}

export class RoundParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  round!: number;
}

export class BidParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  bid!: number;
}

export class BidderQuery implements BidderRoundsQuery {
  @ApiProperty({ enum: ['numbers', 'teams'], description: 'numbers: the caller as a driver; teams: the teams the caller captains' })
  @IsIn(['numbers', 'teams'], { message: 'for must be numbers or teams' })
  for!: 'numbers' | 'teams';
}
