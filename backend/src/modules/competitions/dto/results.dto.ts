import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { OptionalBooleanField, WholeNumber } from '../../../common/dto-fields.js';
import {
  RESULT_SESSIONS,
  RESULT_STATUSES,
  type CoDriverLine,
  type ConfirmFutureParams,
  type LiveDraftConfirmRequest,
  type RaceResultLine,
  type RaceResultsRequest,
  type ResultImportDecisions,
  type ResultImportParts,
  type ResultPreviewParts,
  type ResultSession,
  type ResultStatus,
} from '../../../contracts/competitions.js';

/** More cars than any grid. */
export const RESULT_LINES_MAX = 500;
/** Times in milliseconds fit an integer column: up to ~24 days. */
const TIME_MAX_MS = 2_147_483_647;

/** `{season}` in a path. */
export class SeasonParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  season!: number;
}

/** `{season}/events/{event}` in a path. */
export class SeasonEventParams extends SeasonParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  event!: number;
}

/** `{season}/events/{event}/results/{race}` in a path. */
export class RaceParams extends SeasonEventParams {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  race!: number;
}

/** `…/results/{race}/revisions/{revision}` in a path. */
export class RevisionParams extends RaceParams {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  revision!: number;
}

/** A car has at most this many drivers besides the line's own. */
export const CO_DRIVERS_MAX = 8;
const NAME_MAX = 100;

/** A league driver's profile id, or null for a guest (a driver outside the league). */
function LeagueDriverOrGuestField(description: string) {
  const message = { message: 'profileId must be a driver profile id, or null for a guest' };
  return applyDecorators(
    ApiProperty({ type: Number, nullable: true, description }),
    ValidateIf((_body, value) => value !== null),
    IsInt(message),
    Min(1, message),
  );
}

export class CoDriverLineBody implements CoDriverLine {
  @LeagueDriverOrGuestField('null: a guest co-driver, shown by name')
  profileId!: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX, { message: `name must be at most ${NAME_MAX} characters` })
  name?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @WholeNumber(0, 10_000)
  laps?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Driving time in milliseconds' })
  @IsOptional()
  @WholeNumber(0, TIME_MAX_MS)
  drivingTimeMs?: number | null;
}

export class RaceResultLineBody implements RaceResultLine {
  @LeagueDriverOrGuestField('null: a guest (a driver outside the league), shown by guestName')
  profileId!: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX, description: "A guest's name (with profileId null)" })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX, { message: `guestName must be at most ${NAME_MAX} characters` })
  guestName?: string | null;

  @ApiProperty({ minimum: 1, maximum: RESULT_LINES_MAX })
  @WholeNumber(1, RESULT_LINES_MAX)
  position!: number;

  @ApiProperty({ enum: RESULT_STATUSES })
  @IsIn(RESULT_STATUSES, { message: `status must be one of ${RESULT_STATUSES.join(', ')}` })
  status!: ResultStatus;

  @ApiProperty({ minimum: 0, maximum: 10_000 })
  @WholeNumber(0, 10_000)
  laps!: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Race time in milliseconds' })
  @IsOptional()
  @WholeNumber(0, TIME_MAX_MS)
  totalTimeMs?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Best lap in milliseconds' })
  @IsOptional()
  @WholeNumber(0, TIME_MAX_MS)
  bestLapMs?: number | null;

  @OptionalBooleanField({ default: false })
  pole?: boolean;

  @OptionalBooleanField({ default: false })
  fastestLap?: boolean;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'The team the driver raced for; omitted: the team they entered the event with' })
  @IsOptional()
  @IsInt({ message: 'teamId must be a team id' })
  @Min(1, { message: 'teamId must be a team id' })
  teamId?: number | null;

  @ApiPropertyOptional({ type: [CoDriverLineBody], description: 'The other drivers of the car' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CO_DRIVERS_MAX, { message: `a car has at most ${CO_DRIVERS_MAX} co-drivers` })
  @ValidateNested({ each: true })
  @Type(() => CoDriverLineBody)
  coDrivers?: CoDriverLineBody[];

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Time added after the race in milliseconds, already in totalTimeMs' })
  @IsOptional()
  @WholeNumber(0, TIME_MAX_MS)
  penaltyMs?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 300, description: 'Why the line is classified as it is, in words' })
  @IsOptional()
  @IsString()
  @MaxLength(300, { message: 'reason must be at most 300 characters' })
  reason?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "The driver's own driving time in milliseconds" })
  @IsOptional()
  @WholeNumber(0, TIME_MAX_MS)
  drivingTimeMs?: number | null;
}

/** `PUT /api/seasons/{season}/events/{event}/results/{race}`: the race's whole classification. */
export class RaceResultsBody implements RaceResultsRequest {
  @ApiProperty({ type: [RaceResultLineBody] })
  @IsArray()
  @ArrayMaxSize(RESULT_LINES_MAX, { message: `a race has at most ${RESULT_LINES_MAX} result lines` })
  @ValidateNested({ each: true })
  @Type(() => RaceResultLineBody)
  results!: RaceResultLineBody[];

  @ApiPropertyOptional({ enum: RESULT_SESSIONS, default: 'RACE', description: "QUALIFYING: the race's qualifying classification (the grid)" })
  @IsOptional()
  @IsIn(RESULT_SESSIONS, { message: `session must be one of ${RESULT_SESSIONS.join(', ')}` })
  session?: ResultSession;

  @OptionalBooleanField({ default: false, description: 'Saves results for a race that has not started yet', explained: true })
  confirmFuture?: boolean;
}

/** `?confirmFuture=true` on a results save or import: the organizer means a race that has not started yet. */
export class ConfirmFutureQuery implements ConfirmFutureParams {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'confirmFuture must be true or false' })
  confirmFuture?: 'true' | 'false';
}

/** A multipart text field read as a boolean ("true" / "false"). */
const formBoolean = Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' || value === '' ? false : value));

/** The text fields of `POST …/results/{race}/import/preview` (beside the `file`). */
export class ResultPreviewBody implements ResultPreviewParts {
  @ApiPropertyOptional({ description: 'true: import a file of another game or track than the race on purpose' })
  @IsOptional()
  @formBoolean
  @IsBoolean({ message: 'confirmMismatch must be true or false' })
  confirmMismatch?: boolean;
}

/** The text fields of `POST …/results/{race}/import` (beside the `file`); `decisions` and `mapping` as the JSON text of the contract's parts, which the import parses. */
export class ResultImportBody extends ResultPreviewBody implements Omit<ResultImportParts, 'decisions' | 'mapping'> {
  @ApiPropertyOptional({ description: 'JSON {"<driver key>": <driver profile id> | "GUEST" | "SKIP"} for the drivers of the file ("3", or "3.1" for a co-driver)' })
  @IsOptional()
  @IsString({ message: 'decisions must be JSON text' })
  @MaxLength(200 * 1024)
  decisions?: string;

  @ApiPropertyOptional({ description: 'Older form: JSON {"<line index>": <driver profile id>} for lines the import could not match' })
  @IsOptional()
  @IsString({ message: 'mapping must be JSON text' })
  @MaxLength(64 * 1024)
  mapping?: string;
  @ApiPropertyOptional({ description: 'true: save results for a race that has not started yet (also `?confirmFuture=true`)' })
  @IsOptional()
  @formBoolean
  @IsBoolean({ message: 'confirmFuture must be true or false' })
  confirmFuture?: boolean;
}

/** `POST …/results/{race}/live-draft/confirm`: the decisions (checked entry by entry by the import) and the confirmations. */
export class LiveDraftConfirmBody implements LiveDraftConfirmRequest {
  @ApiPropertyOptional({ description: '{"<driver key>": <driver profile id> | "GUEST" | "SKIP"} for the drivers of the draft ("3", or "3.1" for a co-driver)' })
  @IsOptional()
  @IsObject({ message: 'decisions must be an object like {"3": 12, "4": "GUEST"}' })
  decisions?: ResultImportDecisions;

  @OptionalBooleanField({ description: "true: save a draft whose game or track differs from the race's", explained: true })
  confirmMismatch?: boolean;

  @OptionalBooleanField({ description: 'true: save results for a race that has not started yet', explained: true })
  confirmFuture?: boolean;
}
