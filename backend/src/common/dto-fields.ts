import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { PLATFORMS } from '../contracts/catalogue.js';

/** The DTO fields that recur across modules, each declared (validation + OpenAPI) once. */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

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
  return applyDecorators(ApiProperty({ maxLength, example }), Transform(trim), IsString(), IsNotEmpty({ message: '$property must not be empty' }), MaxLength(maxLength));
}

/** Optional text, trimmed, at most `maxLength` characters. */
export function OptionalTextField(maxLength: number, description?: string) {
  return applyDecorators(ApiPropertyOptional({ maxLength, nullable: true, description }), IsOptional(), Transform(trim), IsString(), MaxLength(maxLength));
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

/** `direction` of a sort spec: ASC (default) or DESC, any case. */
export function SortDirectionField() {
  return applyDecorators(
    ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'ASC' }),
    IsOptional(),
    IsIn(['ASC', 'DESC', 'asc', 'desc'], { message: 'sort direction must be ASC or DESC' }),
  );
}
