import 'reflect-metadata';
import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Min, ValidateNested, validate } from 'class-validator';
import { createValidationPipe, fieldErrors } from './validation.js';

class Item {
  @IsIn(['a', 'b'], { message: 'kind must be a or b' })
  kind!: string;
}

class Body {
  @IsString()
  name!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  count?: number;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Item)
  items?: Item[];
}

const bodyMetadata: ArgumentMetadata = { type: 'body', metatype: Body, data: '' };

async function rejection(value: unknown): Promise<{ message: string; errors: Record<string, string[]> }> {
  try {
    await createValidationPipe().transform(value, bodyMetadata);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).getStatus()).toBe(400);
    return (error as BadRequestException).getResponse() as { message: string; errors: Record<string, string[]> };
  }
  throw new Error('expected the pipe to refuse the value');
}

describe('fieldErrors', () => {
  it('maps each offending field to its messages', async () => {
    const body = Object.assign(new Body(), { name: 5, count: 0 });
    const errors = fieldErrors(await validate(body));
    expect(errors).toEqual({ name: ['name must be a string'], count: expect.arrayContaining(['count must not be less than 1']) });
  });

  it('names nested fields by their path, list positions included', async () => {
    const body = Object.assign(new Body(), { name: 'x', items: [Object.assign(new Item(), { kind: 'a' }), Object.assign(new Item(), { kind: 'z' })] });
    expect(fieldErrors(await validate(body))).toEqual({ 'items.1.kind': ['kind must be a or b'] });
  });

  it('is empty when nothing is wrong', async () => {
    expect(fieldErrors(await validate(Object.assign(new Body(), { name: 'ok' })))).toEqual({});
  });
});

describe('the validation pipe', () => {
  it('converts and passes a valid body', async () => {
    const value = (await createValidationPipe().transform({ name: 'x', count: '3', items: [{ kind: 'b' }] }, bodyMetadata)) as Body;
    expect(value).toBeInstanceOf(Body);
    expect(value.count).toBe(3);
    expect(value.items![0]).toBeInstanceOf(Item);
  });

  it('refuses wrong types with 400 naming every field, in errors and in the message', async () => {
    const response = await rejection({ name: 1, count: 'many' });
    expect(Object.keys(response.errors).sort()).toEqual(['count', 'name']);
    expect(response.message).toMatch(/^Invalid request: /);
    expect(response.message).toContain('name: name must be a string');
    expect(response.message).toContain('count: ');
  });

  it('refuses unknown fields, top-level and nested, naming them', async () => {
    const response = await rejection({ name: 'x', admin: true, items: [{ kind: 'a', extra: 1 }] });
    expect(response.errors).toEqual({ admin: ['property admin should not exist'], 'items.0.extra': ['property extra should not exist'] });
    expect(response.message).toContain('admin: ');
    expect(response.message).toContain('items.0.extra: ');
  });

  it('names a nested field whose own message does not', async () => {
    const response = await rejection({ name: 'x', items: [{ kind: 'q' }] });
    expect(response.message).toBe('Invalid request: items.0.kind: kind must be a or b');
  });
});
