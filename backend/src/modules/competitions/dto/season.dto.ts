import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsObject, IsOptional, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import { OptionalIdField, OptionalTextField, TextField, WholeNumber } from '../../../common/dto-fields.js';
import { POINTS_PRESETS, type PointsPreset, type PointsSystem, type PointsTable, type SeasonEventsRequest, type SeasonRequest } from '../../../contracts/competitions.js';

const PRESETS = [...Object.keys(POINTS_PRESETS), 'CUSTOM'] as const;
export const RULES_MAX = 20_000;
/** More positions than any grid; points per position at most this. */
const TABLE_MAX_POSITIONS = 100;
const POINTS_MAX = 1000;
const ROUNDS_MAX = 100;

/** Points by position: index 0 is P1. */
function PointsTableField() {
  const message = { each: true, message: `each entry of a points table must be a number of points from 0 to ${POINTS_MAX}` };
  return applyDecorators(
    ApiPropertyOptional({ type: [Number], description: 'Points by position: the first entry is P1' }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(TABLE_MAX_POSITIONS, { message: `a points table has at most ${TABLE_MAX_POSITIONS} positions` }),
    IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, message),
    Min(0, message),
    Max(POINTS_MAX, message),
  );
}

export class PointsTablesBody implements Partial<Record<'RACE' | 'SPRINT' | 'QUALIFYING', PointsTable>> {
  @PointsTableField()
  RACE?: number[];

  @PointsTableField()
  SPRINT?: number[];

  @PointsTableField()
  QUALIFYING?: number[];
}

type PointsBonuses = PointsSystem['bonuses'];

export class PointsBonusesBody implements PointsBonuses {
  @ApiProperty({ minimum: 0, maximum: 100 })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'bonuses.pole must be a number of points from 0 to 100' })
  @Min(0, { message: 'bonuses.pole must be a number of points from 0 to 100' })
  @Max(100, { message: 'bonuses.pole must be a number of points from 0 to 100' })
  pole!: number;

  @ApiProperty({ minimum: 0, maximum: 100 })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'bonuses.fastestLap must be a number of points from 0 to 100' })
  @Min(0, { message: 'bonuses.fastestLap must be a number of points from 0 to 100' })
  @Max(100, { message: 'bonuses.fastestLap must be a number of points from 0 to 100' })
  fastestLap!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: TABLE_MAX_POSITIONS,
    description: 'Only a driver finishing inside the top N gets a bonus (null: anyone classified)',
  })
  @ValidateIf((_bonuses: unknown, value: unknown) => value !== null)
  @WholeNumber(1, TABLE_MAX_POSITIONS, 'bonuses.onlyInsideTop')
  onlyInsideTop!: number | null;
}

/** A season's points system (every field required: the form always sends the whole system). */
export class PointsSystemBody implements PointsSystem {
  @ApiProperty({ enum: PRESETS })
  @IsIn(PRESETS, { message: `preset must be one of ${PRESETS.join(', ')}` })
  preset!: PointsPreset;

  @ApiProperty({ type: PointsTablesBody })
  @IsObject({ message: 'tables must be an object like {"RACE": [25, 18, 15]}' })
  @ValidateNested()
  @Type(() => PointsTablesBody)
  tables!: PointsTablesBody;

  @ApiProperty({ type: PointsBonusesBody })
  @IsObject({ message: 'bonuses must be an object like {"pole": 1, "fastestLap": 1, "onlyInsideTop": 10}' })
  @ValidateNested()
  @Type(() => PointsBonusesBody)
  bonuses!: PointsBonusesBody;

  @ApiProperty({ minimum: 0, maximum: 100 })
  @WholeNumber(0, 100)
  minimumDistancePercent!: number;

  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: ROUNDS_MAX, description: 'Count only the best N rounds (null: all)' })
  @ValidateIf((_system: unknown, value: unknown) => value !== null)
  @WholeNumber(1, ROUNDS_MAX)
  countBestRounds!: number | null;

  @ApiProperty({ minimum: 0, maximum: ROUNDS_MAX })
  @WholeNumber(0, ROUNDS_MAX)
  neverDropLastRounds!: number;

  @ApiProperty({ minimum: 0, maximum: POINTS_MAX })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: `noShowPenalty must be a number of points from 0 to ${POINTS_MAX}` })
  @Min(0, { message: `noShowPenalty must be a number of points from 0 to ${POINTS_MAX}` })
  @Max(POINTS_MAX, { message: `noShowPenalty must be a number of points from 0 to ${POINTS_MAX}` })
  noShowPenalty!: number;

  @ApiProperty()
  @IsBoolean()
  dnfScores!: boolean;

  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: 50, description: 'Team standings count the best M drivers per race (null: all)' })
  @ValidateIf((_system: unknown, value: unknown) => value !== null)
  @WholeNumber(1, 50)
  teamBestDrivers!: number | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 100,
    default: 0,
    description: "A driver of a shared car scores only with this percent of the car's driving time (0: no minimum)",
  })
  @IsOptional()
  @WholeNumber(0, 100)
  minDrivingSharePercent?: number;
}

/** `PUT /api/competitions/{id}/seasons`: with `id` it updates that season of the competition. */
export class SeasonBody implements SeasonRequest {
  @OptionalIdField()
  id?: number;

  @TextField(100, '2026 Season 1')
  name!: string;

  @OptionalTextField(RULES_MAX)
  rules?: string | null;

  @ApiProperty({ type: PointsSystemBody })
  @IsObject({ message: 'pointsSystem must be an object' })
  @ValidateNested()
  @Type(() => PointsSystemBody)
  pointsSystem!: PointsSystemBody;
}

/** `PUT /api/seasons/{season}/events`: exactly the season's events. */
export class SeasonEventsBody implements SeasonEventsRequest {
  @ApiProperty({ type: [Number], description: 'Exactly the events that are the season’s rounds' })
  @IsArray()
  @ArrayMaxSize(ROUNDS_MAX, { message: `a season has at most ${ROUNDS_MAX} events` })
  @ArrayUnique({ message: 'each event may be listed once' })
  @IsInt({ each: true, message: 'each event id must be a whole number' })
  @Min(1, { each: true, message: 'each event id must be a whole number from 1' })
  eventIds!: number[];
}
