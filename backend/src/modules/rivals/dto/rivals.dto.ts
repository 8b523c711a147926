import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min, ValidateBy, ValidateNested } from 'class-validator';
import { IdFilterField, IdParam, OneOfField, OptionalBooleanField, OptionalTextField, TextField } from '../../../common/dto-fields.js';
import { PageQuery } from '../../../common/pagination.js';
import { PLATFORMS, type Platform } from '../../../contracts/catalogue.js';
import {
  parseLapTime,
  RIVAL_CONDITIONS,
  type RivalBoardQuery,
  type RivalConditions,
  type RivalImportFields,
  type RivalPickRequest,
  type RivalPlatformQuery,
  type RivalRejectRequest,
  type RivalRequest,
  type RivalServerRequest,
  type RivalTimeSubmission,
  type RivalUnpickQuery,
} from '../../../contracts/rivals.js';
import type { PageParams } from '../../../contracts/api.js';

export class RotationBody {
  @ApiProperty({ enum: ['EVERY_HOURS', 'DAILY'] })
  @IsIn(['EVERY_HOURS', 'DAILY'])
  kind!: 'EVERY_HOURS' | 'DAILY';

  @ApiPropertyOptional({ description: 'EVERY_HOURS: hours between rotations (fractions allowed, at least one minute)' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1 / 60)
  @Max(24 * 14)
  everyHours?: number;

  @ApiPropertyOptional({ description: 'DAILY: HH:MM UTC', example: '20:00' })
  @IsOptional()
  @IsString()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'dailyAt must be HH:MM (UTC)' })
  dailyAt?: string;
}

export class RivalServerBody implements RivalServerRequest {
  @TextField(100)
  name!: string;

  @ApiProperty()
  @IsInt()
  @Min(1)
  gameId!: number;

  @OneOfField(PLATFORMS, { optional: true })
  platform?: Platform | null;

  @OptionalTextField(64, "The game's crossplay group name (instead of a platform)")
  crossplay?: string | null;

  @ApiProperty({ type: [Number], description: 'Track variant ids in rotation order' })
  @IsArray()
  @ArrayNotEmpty({ message: 'trackIds must name at least one track variant' })
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @Min(1, { each: true })
  trackIds!: number[];

  @ApiProperty({ type: RotationBody })
  @ValidateNested()
  @Type(() => RotationBody)
  rotation!: RotationBody & RivalServerRequest['rotation'];

  @OptionalBooleanField()
  active?: boolean;
}

export class RivalTimeBody implements RivalTimeSubmission {
  @ApiProperty({ description: 'Track variant id' })
  @IsInt()
  @Min(1)
  trackId!: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  carId!: number;

  @OneOfField(PLATFORMS)
  platform!: Platform;

  @ApiProperty({ description: 'm:ss.mmm or milliseconds', example: '1:47.512', oneOf: [{ type: 'string' }, { type: 'integer' }] })
  @IsDefined({ message: 'time is required (m:ss.mmm or milliseconds)' })
  @ValidateBy({
    name: 'isLapTime',
    validator: {
      validate: (value: unknown) => (typeof value === 'string' || typeof value === 'number') && parseLapTime(value) !== null,
      defaultMessage: () => 'time must be a lap time like 1:47.512 (or milliseconds), under two hours',
    },
  })
  time!: string | number;

  @OneOfField(RIVAL_CONDITIONS)
  conditions!: RivalConditions;

  @OptionalTextField(500, 'A video of the lap (https)')
  @Matches(/^https:\/\/\S+$/, { message: 'videoUrl must be an https link' })
  videoUrl?: string | null;
}

export class RejectBody implements RivalRejectRequest {
  @TextField(500, 'The time on the screenshot is not readable')
  reason!: string;
}

export class PlatformQuery implements RivalPlatformQuery {
  @OneOfField(PLATFORMS)
  platform!: Platform;
}

export class OptionalPlatformQuery extends PageQuery implements RivalBoardQuery {
  @OneOfField(PLATFORMS, { optional: true })
  platform?: Platform;
}

export class PlatformPageQuery extends PageQuery implements PageParams, RivalPlatformQuery {
  @OneOfField(PLATFORMS)
  platform!: Platform;
}

export class RivalBody implements RivalRequest {
  @ApiProperty()
  @IsInt()
  @Min(1)
  profileId!: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  gameId!: number;

  @IdFilterField({ description: 'Track variant id; omit for the whole game' })
  trackId?: number | null;

  @OneOfField(PLATFORMS)
  platform!: Platform;
}

/** `/rivals/my/game|track/{id}` POST/DELETE body: who. */
export class PickBody implements RivalPickRequest {
  @ApiProperty()
  @IsInt()
  @Min(1)
  profileId!: number;
}

/** `DELETE /rivals/my/game|track/{id}?platform&profileId`: without profileId, every pick there goes. */
export class PickDeleteQuery extends PlatformQuery implements RivalUnpickQuery {
  @IdFilterField({ inQuery: true })
  profileId?: number;
}

export class ImportFields implements RivalImportFields {
  @ApiProperty({ description: 'Track variant id' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  trackId!: number;

  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  carId!: number;

  @OneOfField(PLATFORMS, { optional: true })
  platform?: Platform;
}

export { IdParam };
