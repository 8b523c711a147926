import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { SortDirection, SortRequest } from '../contracts/api.js';
import { PLATFORMS } from '../contracts/catalogue.js';

/** The DTO fields that recur across modules, each declared (validation + OpenAPI) once. */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A field's name in the words a person reads: `carClass` → "Car class", `affiliateUrl` → "Affiliate URL". */
export function readableField(property: string): string {
  const words = property
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\burl\b/g, 'URL');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A validation message that starts with the field's readable name ("Car class must not be empty"). */
export const aboutField =
  (rest: string) =>
  ({ property }: { property: string }): string =>
    `${readableField(property)} ${rest}`;

/** `{id}` in a path: a positive whole number. */
export class IdParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  id!: number;
}

/** A reference to another record by id, e.g. `game: {"id": 3}`. */
export class IdRef {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id!: number;
}

/** Required text, trimmed, not empty, at most `maxLength` characters. */
export function TextField(maxLength: number, example?: string) {
  return applyDecorators(ApiProperty({ maxLength, example }), Transform(trim), IsString(), IsNotEmpty({ message: aboutField('must not be empty') }), MaxLength(maxLength));
}

/** Optional text, trimmed, at most `maxLength` characters. */
export function OptionalTextField(maxLength: number, description?: string) {
  return applyDecorators(ApiPropertyOptional({ maxLength, nullable: true, description }), IsOptional(), Transform(trim), IsString(), MaxLength(maxLength));
}

/** May be left out (unchanged, or the default), but when sent it is checked, null included: for values that cannot be null. */
export function OptionalNotNull() {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/** The `id` of a saved record in a create-or-update body: present updates it, absent creates one. */
export function OptionalIdField(description = 'Updates this record; omit to create one') {
  return applyDecorators(ApiPropertyOptional({ description }), IsOptional(), IsInt(), Min(1));
}

/** A reference `{"id": n}` to another record; `optional` also allows null or absence. */
export function IdRefField(options: { optional?: boolean; description?: string } = {}) {
  const documented = options.optional
    ? ApiPropertyOptional({ type: IdRef, nullable: true, description: options.description })
    : ApiProperty({ type: IdRef, description: options.description });
  return applyDecorators(
    documented,
    ...(options.optional ? [IsOptional()] : []),
    IsObject({ message: '$property must be an object like {"id": 1}' }),
    ValidateNested(),
    Type(() => IdRef),
  );
}

/** One value of a closed list, with a message that lists them. */
export function OneOfField(values: readonly string[], options: { optional?: boolean } = {}) {
  return applyDecorators(
    options.optional ? ApiPropertyOptional({ enum: values }) : ApiProperty({ enum: values }),
    ...(options.optional ? [IsOptional()] : []),
    IsIn(values, { message: `$property must be one of ${values.join(', ')}` }),
  );
}

/** A non-empty set of the platforms of SPEC §9. */
export function PlatformsField() {
  return applyDecorators(
    ApiProperty({ enum: PLATFORMS, isArray: true }),
    IsArray(),
    ArrayNotEmpty(),
    ArrayUnique(),
    IsIn(PLATFORMS, { each: true, message: `each platform must be one of ${PLATFORMS.join(', ')}` }),
  );
}

/**
 * `sort` of a list's body (SPEC §7): at most `max` keys `{ field, direction }`, each field one of
 * `fields`, the direction ASC (default) or DESC in any case. `name` names the key's OpenAPI schema.
 */
export function SortSpecField<F extends string>(name: string, fields: readonly F[], max: number) {
  class SortKey implements SortRequest<F> {
    @ApiProperty({ enum: fields })
    @IsIn(fields, { message: `sort field must be one of ${fields.join(', ')}` })
    field!: F;

    @ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'ASC' })
    @IsOptional()
    @IsIn(['ASC', 'DESC', 'asc', 'desc'], { message: 'sort direction must be ASC or DESC' })
    direction?: SortDirection | 'asc' | 'desc';
  }
  Object.defineProperty(SortKey, 'name', { value: name });
  return applyDecorators(
    ApiPropertyOptional({ type: [SortKey] }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(max),
    ValidateNested({ each: true }),
    Type(() => SortKey),
  );
}

/** Years a league date may fall in: anything outside is a typo or a probe, not a race. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2})))?$/;

/**
 * Whether `value` is a real ISO 8601 date-time with a time zone (`2026-12-04T19:00:00Z`,
 * `…+02:00`) — or, with `dateOnly`, also a plain date — naming a day and time that exist:
 * month 1–12, a day the month has, hours < 24, minutes and seconds < 60, offsets up to ±18:00,
 * years MIN_YEAR–MAX_YEAR. `2026-13-45T99:99:99Z` and `0000-01-01T00:00:00Z` are not.
 */
export function isRealDateTime(value: unknown, options: { dateOnly?: boolean } = {}): boolean {
  if (typeof value !== 'string') return false;
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, zone, offsetHours, offsetMinutes] = match;
  if (hour === undefined && !options.dateOnly) return false;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return false;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return false;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59)) return false;
  if (zone && zone !== 'Z' && (Number(offsetHours) > 18 || Number(offsetMinutes) > 59)) return false;
  return !Number.isNaN(Date.parse(value));
}

/** A date-time that exists, with a time zone (stored in UTC); `dateOnly` also accepts `2026-12-04`. */
export function DateTimeField(options: { optional?: boolean; dateOnly?: boolean; description?: string; example?: string } = {}) {
  const shape = options.dateOnly ? 'an ISO 8601 date or date-time' : 'an ISO 8601 date-time with a time zone';
  const description = options.description ?? `${shape[0].toUpperCase()}${shape.slice(1)}; stored in UTC`;
  return applyDecorators(
    options.optional
      ? ApiPropertyOptional({ type: String, format: 'date-time', description, example: options.example })
      : ApiProperty({ type: String, format: 'date-time', description, example: options.example }),
    ...(options.optional ? [IsOptional()] : []),
    ValidateBy(
      { name: 'isRealDateTime', validator: { validate: (value) => isRealDateTime(value, { dateOnly: options.dateOnly }) } },
      { message: ({ property }) => `${property} must be ${shape} that exists, e.g. 2026-12-04T19:00:00Z` },
    ),
  );
}

/** A whole number from `min` to `max`: every refusal says "<field> must be a whole number from <min> to <max>" (field: the property's name). */
export function WholeNumber(min: number, max: number, field?: string) {
  return (target: object, key: string) => {
    const message = { message: `${field ?? key} must be a whole number from ${min} to ${max}` };
    for (const decorator of [IsInt(message), Min(min, message), Max(max, message)]) decorator(target, key);
  };
}

/** An optional id among a list's filters: a positive whole number; `inQuery` reads it from a query string's text. */
export function IdFilterField(options: { inQuery?: boolean; description?: string; message?: string } = {}) {
  const message = options.message === undefined ? undefined : { message: options.message };
  return applyDecorators(
    ApiPropertyOptional(options.description === undefined ? {} : { description: options.description }),
    IsOptional(),
    ...(options.inQuery ? [Type(() => Number)] : []),
    IsInt(message),
    Min(1, message),
  );
}

/** A list of nested bodies of `type`, each checked: one at least (`needsOne` says so when there is none), at most `max`. */
export function BodiesField(type: new () => object, options: { max: number; needsOne: string }) {
  return applyDecorators(
    ApiProperty({ type: [type] }),
    IsArray(),
    ArrayMinSize(1, { message: options.needsOne }),
    ArrayMaxSize(options.max),
    ValidateNested({ each: true }),
    Type(() => type),
  );
}

/** May be left out (`default` documents what that means); `explained` refuses anything but true or false with "<field> must be true or false". */
export function OptionalBooleanField(options: { default?: boolean; description?: string; explained?: boolean } = {}) {
  const { explained, ...documented } = options;
  return applyDecorators(ApiPropertyOptional(documented), IsOptional(), IsBoolean(explained ? { message: '$property must be true or false' } : undefined));
}

/** Distinct ids of records (positive whole numbers), at most `max`. */
export function DistinctIdsField(max: number, documented: { example?: number[]; description?: string } = {}) {
  return applyDecorators(ApiProperty({ type: [Number], ...documented }), IsArray(), ArrayMaxSize(max), ArrayUnique(), IsInt({ each: true }), Min(1, { each: true }));
}
