import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { BodiesField, IdRef, IdRefField, OptionalIdField, PlatformsField, TextField } from '../../../common/dto-fields.js';
import { PLATFORMS, type Platform } from '../../../contracts/catalogue.js';
import type { CarRequest, CrossPlayGroupRequest, GameRequest, TrackRequest, TrackVariantRequest } from '../../../contracts/catalogue.js';

export class CrossPlayGroupBody implements CrossPlayGroupRequest {
  @TextField(32, 'Console crossplay')
  name!: string;

  @ApiProperty({ enum: PLATFORMS, isArray: true })
  @IsArray()
  @ArrayMinSize(2, { message: 'a crossplay group needs at least two platforms' })
  @ArrayUnique()
  @IsIn(PLATFORMS, { each: true, message: `each platform must be one of ${PLATFORMS.join(', ')}` })
  platforms!: Platform[];
}

/** The `game` part of `PUT /api/games`: with `id` it updates that game, without it creates one. */
export class GameBody implements GameRequest {
  @OptionalIdField()
  id?: number;

  @TextField(64, 'Forza Motorsport')
  name!: string;

  @PlatformsField()
  platforms!: Platform[];

  @ApiPropertyOptional({ type: [CrossPlayGroupBody] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => CrossPlayGroupBody)
  crossPlayPlatforms?: CrossPlayGroupBody[];
}

export class TrackVariantBody implements TrackVariantRequest {
  @OptionalIdField('Keeps (and renames) an existing variant; omit to add one')
  id?: number;

  @TextField(100, 'Grand Prix')
  name!: string;

  @ApiProperty({ minimum: 100, maximum: 100000, example: 5891 })
  @IsInt()
  @Min(100)
  @Max(100_000)
  lengthMeters!: number;
}

/** The `track` part of `PUT /api/tracks`: the track and all its variants (missing variants are removed). */
export class TrackBody implements TrackRequest {
  @OptionalIdField()
  id?: number;

  @IdRefField()
  game!: IdRef;

  @TextField(100, 'Silverstone')
  name!: string;

  @ApiProperty({ example: 'GB', description: 'ISO 3166-1 alpha-2 country code' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code (ISO 3166-1 alpha-2), e.g. GB' })
  country!: string;

  @BodiesField(TrackVariantBody, { max: 30, needsOne: 'a track needs at least one variant' })
  variants!: TrackVariantBody[];
}

/** The `car` part of `PUT /api/cars`. */
export class CarBody implements CarRequest {
  @OptionalIdField()
  id?: number;

  @IdRefField()
  game!: IdRef;

  @TextField(100, 'Porsche 911 GT3 R')
  name!: string;

  @TextField(32, 'GT3')
  carClass!: string;
}
