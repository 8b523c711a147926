import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PLATFORMS, type Platform } from '../../../contracts/catalogue.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `{id}` in a path. */
export class IdParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  id!: number;
}

/** A reference to another record by id, e.g. `game: {id: 3}`. */
export class IdRef {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id!: number;
}

export class CrossPlayGroupBody {
  @ApiProperty({ maxLength: 32, example: 'Console crossplay' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(32)
  name!: string;

  @ApiProperty({ enum: PLATFORMS, isArray: true })
  @IsArray()
  @ArrayMinSize(2, { message: 'a crossplay group needs at least two platforms' })
  @ArrayUnique()
  @IsIn(PLATFORMS, { each: true, message: `each platform must be one of ${PLATFORMS.join(', ')}` })
  platforms!: Platform[];
}

/** The `game` part of `PUT /api/games`: with `id` it updates that game, without it creates one. */
export class GameBody {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ maxLength: 64, example: 'Forza Motorsport' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  name!: string;

  @ApiProperty({ enum: PLATFORMS, isArray: true })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(PLATFORMS, { each: true, message: `each platform must be one of ${PLATFORMS.join(', ')}` })
  platforms!: Platform[];

  @ApiPropertyOptional({ type: [CrossPlayGroupBody] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => CrossPlayGroupBody)
  crossPlayPlatforms?: CrossPlayGroupBody[];
}

export class TrackVariantBody {
  @ApiPropertyOptional({ description: 'Keeps (and renames) an existing variant; omit to add one' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ maxLength: 100, example: 'Grand Prix' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty({ minimum: 100, maximum: 100000, example: 5891 })
  @IsInt()
  @Min(100)
  @Max(100_000)
  lengthMeters!: number;
}

/** The `track` part of `PUT /api/tracks`: the track and all its variants (missing variants are removed). */
export class TrackBody {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ type: IdRef })
  @IsObject({ message: 'game must be an object like {"id": 1}' })
  @ValidateNested()
  @Type(() => IdRef)
  game!: IdRef;

  @ApiProperty({ maxLength: 100, example: 'Silverstone' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty({ example: 'GB', description: 'ISO 3166-1 alpha-2 country code' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code (ISO 3166-1 alpha-2), e.g. GB' })
  country!: string;

  @ApiProperty({ type: [TrackVariantBody] })
  @IsArray()
  @ArrayMinSize(1, { message: 'a track needs at least one variant' })
  @ArrayMaxSize(30)
  @ValidateNested({ each: true })
  @Type(() => TrackVariantBody)
  variants!: TrackVariantBody[];
}

/** The `car` part of `PUT /api/cars`. */
export class CarBody {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ type: IdRef })
  @IsObject({ message: 'game must be an object like {"id": 1}' })
  @ValidateNested()
  @Type(() => IdRef)
  game!: IdRef;

  @ApiProperty({ maxLength: 100, example: 'Porsche 911 GT3 R' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty({ maxLength: 32, example: 'GT3' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(32)
  carClass!: string;
}

/** A 400 naming one field, in the shape of the validation pipe's (`errors` by field). */
export function invalidField(field: string, message: string) {
  return { message: `Invalid request: ${field}: ${message}`, errors: { [field]: [message] } };
}
