import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalBooleanField, OptionalIdField, OptionalTextField, TextField, WholeNumber } from '../../../common/dto-fields.js';
import type { ProductRequest } from '../../../contracts/community.js';
import { WebUrlField } from '../community.fields.js';

/** A product's picture slots: multipart files `image0` … `image3` (the first is the main picture). */
export const PRODUCT_IMAGE_SLOTS = ['image0', 'image1', 'image2', 'image3'] as const;
export type ProductImageSlot = (typeof PRODUCT_IMAGE_SLOTS)[number];

/** The `product` part of `PUT /api/merchandise/admin` (multipart, with optional `image0`…`image3`): with `id` it updates. */
export class ProductBody implements ProductRequest {
  @OptionalIdField()
  id?: number;

  @TextField(100, 'League hoodie')
  name!: string;

  @OptionalTextField(2000)
  description?: string | null;

  @TextField(40, '49.90')
  price!: string;

  @TextField(20, 'EUR')
  currency!: string;

  @ApiPropertyOptional({ type: [String], example: ['S', 'M', 'L', 'XL'], description: 'Sizes or variants, at most 20 of 40 characters' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'variants must not repeat' })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)) : value))
  @IsString({ each: true })
  @IsNotEmpty({ each: true, message: 'variants must not be empty' })
  @MaxLength(40, { each: true })
  variants?: string[];

  @WebUrlField('https://shop.example.com/hoodie')
  shopUrl!: string;

  @OptionalBooleanField({ default: true, explained: true })
  available?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000, default: 0, description: 'Shown by position, smallest first' })
  @IsOptional()
  @WholeNumber(0, 1000)
  position?: number;

  @ApiPropertyOptional({ type: [Number], description: 'Picture slots (0–3) to empty' })
  @IsOptional()
  @IsArray()
  @IsIn([0, 1, 2, 3], { each: true, message: 'removeImages must list slots 0 to 3' })
  removeImages?: number[];
}
