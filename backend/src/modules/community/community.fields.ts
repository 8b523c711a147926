import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, IsUrl, MaxLength } from 'class-validator';
import { aboutField } from '../../common/dto-fields.js';

/** An external web address (http or https, at most 500 characters): affiliates' sites, the merchandise shop. */
export function WebUrlField(example = 'https://example.com/') {
  return applyDecorators(
    ApiProperty({ maxLength: 500, example, format: 'uri' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString(),
    IsNotEmpty({ message: aboutField('must not be empty') }),
    MaxLength(500),
    IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: aboutField('must be a web address starting with https:// or http://') }),
  );
}
