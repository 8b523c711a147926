import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength, Min, ValidateBy, ValidateNested } from 'class-validator';
import { IdFilterField, IdParam, OneOfField, OptionalNotNull } from '../../../common/dto-fields.js';
import { PageQuery } from '../../../common/pagination.js';
import type { PageParams } from '../../../contracts/api.js';
import { PLATFORMS, type Platform } from '../../../contracts/catalogue.js';
import {
  DRIVER_NUMBER_MAX,
  DRIVER_NUMBER_MIN,
  PROFILE_TEXT_RULES,
  SOCIAL_LABEL,
  driverNumberProblem,
  textFieldProblem,
  type AccountUpdateRequest,
  type ChampionNumberRequest,
  type ConnectionsUpdateRequest,
  type DriverListFilter,
  type GamesUpdateRequest,
  type ProfileTextField,
  type ProfileUpdateRequest,
  type PromoteRequest,
  type SocialLinks,
  type SocialsUpdateRequest,
} from '../../../contracts/profiles.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A profile text field: trimmed; null or empty clears it; otherwise its rule (contracts/profiles.ts) with its human message. */
function ProfileTextField(field: ProfileTextField) {
  const rule = PROFILE_TEXT_RULES[field];
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, minLength: rule.min, maxLength: rule.max, description: rule.message }),
    Transform(trim),
    IsOptional(),
    ValidateBy(
      { name: `profile.${field}`, validator: { validate: (value: unknown) => typeof value === 'string' && textFieldProblem(field, value) === null } },
      { message: rule.message },
    ),
  );
}

function DriverNumberField() {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, minimum: DRIVER_NUMBER_MIN, maximum: DRIVER_NUMBER_MAX, description: 'null gives the number up' }),
    IsOptional(),
    ValidateBy(
      { name: 'driverNumber', validator: { validate: (value: unknown) => typeof value === 'number' && driverNumberProblem(value) === null } },
      { message: driverNumberProblem(0)! },
    ),
  );
}

function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function CountryField() {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, example: 'NL', description: 'ISO 3166-1 alpha-2' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value)),
    IsOptional(),
    ValidateBy(
      { name: 'country', validator: { validate: (value: unknown) => typeof value === 'string' && /^[A-Z]{2}$/.test(value) } },
      { message: 'A country is a two-letter code, e.g. NL or GB' },
    ),
  );
}

/** Whether visitors see the driver at all: may be left out, never null. */
function HiddenField() {
  return applyDecorators(ApiPropertyOptional({ description: 'Visitors see "Private driver"' }), OptionalNotNull(), IsBoolean({ message: 'hidden must be true or false' }));
}

function TimeZoneField() {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, example: 'Europe/Amsterdam', description: 'IANA time zone' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value)),
    IsOptional(),
    ValidateBy({ name: 'timeZone', validator: { validate: isTimeZone } }, { message: 'A time zone is an IANA name, e.g. Europe/Amsterdam' }),
  );
}

function PlatformsRacedField() {
  return applyDecorators(
    ApiPropertyOptional({ enum: PLATFORMS, isArray: true, description: 'The platforms raced on (may be empty)' }),
    OptionalNotNull(),
    IsArray({ message: 'platforms must be a list' }),
    ArrayUnique({ message: 'each platform may be listed once' }),
    IsIn(PLATFORMS, { each: true, message: `each platform must be one of ${PLATFORMS.join(', ')}` }),
  );
}

function GameIdsField() {
  return applyDecorators(
    ApiPropertyOptional({ type: [Number], description: 'The ids of the games raced' }),
    OptionalNotNull(),
    IsArray({ message: 'gameIds must be a list of game ids' }),
    ArrayMaxSize(50),
    ArrayUnique({ message: 'each game may be listed once' }),
    IsInt({ each: true, message: 'each game id must be a whole number' }),
    Min(1, { each: true, message: 'each game id must be a whole number from 1' }),
  );
}

const SOCIAL_URL = /^https:\/\/[^\s/$.?#][^\s]*$/i;

function SocialUrlField(label: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: `${label} link (https)` }),
    Transform(trim),
    IsOptional(),
    IsString({ message: `${label} must be a link` }),
    MaxLength(200, { message: `${label} link is at most 200 characters` }),
    ValidateBy(
      { name: 'socialUrl', validator: { validate: (value: unknown) => value === '' || (typeof value === 'string' && SOCIAL_URL.test(value)) } },
      { message: `${label} must be an https:// link` },
    ),
  );
}

export class SocialLinksBody implements SocialLinks {
  @SocialUrlField(SOCIAL_LABEL.twitch) twitch?: string;
  @SocialUrlField(SOCIAL_LABEL.youtube) youtube?: string;
  @SocialUrlField(SOCIAL_LABEL.tiktok) tiktok?: string;
  @SocialUrlField(SOCIAL_LABEL.instagram) instagram?: string;
  @SocialUrlField(SOCIAL_LABEL.x) x?: string;
  @SocialUrlField(SOCIAL_LABEL.facebook) facebook?: string;
}

function SocialsField(optional: boolean) {
  return applyDecorators(
    optional ? ApiPropertyOptional({ type: SocialLinksBody }) : ApiPropertyOptional({ type: SocialLinksBody }),
    ...(optional ? [OptionalNotNull()] : []),
    IsObject({ message: 'socials must be an object like {"twitch": "https://…"}' }),
    ValidateNested(),
    Type(() => SocialLinksBody),
  );
}

/** `PATCH /api/profile`: any field of the profile. */
export class ProfileUpdateBody implements ProfileUpdateRequest {
  @DriverNumberField() driverNumber?: number | null;
  @ProfileTextField('name') name?: string | null;
  @ProfileTextField('alternativeName') alternativeName?: string | null;
  @ProfileTextField('xboxUsername') xboxUsername?: string | null;
  @ProfileTextField('steamUsername') steamUsername?: string | null;
  @ProfileTextField('steamId') steamId?: string | null;
  @ProfileTextField('psnName') psnName?: string | null;
  @CountryField() country?: string | null;
  @TimeZoneField() timeZone?: string | null;

  @HiddenField() hidden?: boolean;

  @PlatformsRacedField() platforms?: Platform[];
  @GameIdsField() gameIds?: number[];
  @SocialsField(true) socials?: SocialLinksBody;
}

export class AccountUpdateBody implements AccountUpdateRequest {
  @ProfileTextField('name') name?: string | null;
  @CountryField() country?: string | null;
  @TimeZoneField() timeZone?: string | null;

  @HiddenField() hidden?: boolean;
}

export class ConnectionsUpdateBody implements ConnectionsUpdateRequest {
  @ProfileTextField('xboxUsername') xboxUsername?: string | null;
  @ProfileTextField('steamUsername') steamUsername?: string | null;
  @ProfileTextField('steamId') steamId?: string | null;
  @ProfileTextField('psnName') psnName?: string | null;
}

export class SocialsUpdateBody implements SocialsUpdateRequest {
  @SocialsField(false) socials!: SocialLinksBody;
}

export class GamesUpdateBody implements GamesUpdateRequest {
  @PlatformsRacedField() platforms?: Platform[];
  @GameIdsField() gameIds?: number[];
}

export class PromoteBody implements PromoteRequest {
  @ApiPropertyOptional()
  @IsInt({ message: 'profileId must be a driver profile id' })
  @Min(1, { message: 'profileId must be a driver profile id' })
  profileId!: number;
}

export class ChampionNumberBody implements ChampionNumberRequest {
  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsInt({ message: 'profileId must be a driver profile id or null' })
  @Min(1, { message: 'profileId must be a driver profile id or null' })
  profileId!: number | null;
}

/** `GET /api/profile/list`: filters and the page (25 by default). */
export class DriverListQuery extends PageQuery implements PageParams, DriverListFilter {
  @ApiPropertyOptional({
    description: 'Comma-separated roles (e.g. HOST,ORGANIZER) or a Crew filter value (all, admin, organizers, hosts, racedirector, headstewards, stewards)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  roles?: string;

  @OneOfField(['ALL', ...PLATFORMS], { optional: true })
  platform?: Platform | 'ALL';

  @IdFilterField({ inQuery: true, description: 'Game id', message: 'game must be a game id' })
  game?: number;

  @IdFilterField({ inQuery: true, description: 'Team id', message: 'team must be a team id' })
  team?: number;

  @ApiPropertyOptional({ description: 'Part of a name or platform id, or a number' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(64)
  search?: string;
}

/** `{id}` of a driver profile. */
export class ProfileIdParam extends IdParam {}
