import type { Type } from '@nestjs/common';
import { ArgsType, Extensions, Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { IsInt, Min } from 'class-validator';
import type { Page } from '../../contracts/api.js';
import { LIST_SIZE } from './query-limits.js';

/** Registers a contract's list of values (`PLATFORMS`, …) as a GraphQL enum of the same values; use the result in `@Field(() => …)`. */
export function graphqlEnum<const T extends readonly string[]>(values: T, name: string, description?: string): Record<T[number], T[number]> {
  const enumObject = Object.fromEntries(values.map((value) => [value, value])) as Record<T[number], T[number]>;
  registerEnumType(enumObject, { name, description });
  return enumObject;
}

/**
 * How many items a list field holds in a typical answer (a season's rounds, a race's result lines),
 * for the cost limit: without it a list counts DEFAULT_LIST_SIZE items, and a list with a `pageSize`
 * argument counts that many.
 */
export const ListSize = (items: number) => Extensions({ [LIST_SIZE]: items });

/** The base of a page type, shaped as the REST pages (`Page<T>` of the contracts): `@ObjectType() class EventPage extends PageOf(EventType) {}`. */
export function PageOf<T>(item: Type<T>): Type<Page<T>> {
  @ObjectType({ isAbstract: true })
  abstract class PageType implements Page<T> {
    @Field(() => [item])
    content!: T[];

    @Field(() => Int, { description: '0-based' })
    pageNumber!: number;

    @Field(() => Int)
    pageSize!: number;

    @Field(() => Int)
    totalElements!: number;

    @Field(() => Int)
    totalPages!: number;
  }
  return PageType as Type<Page<T>>;
}

/** `(id: Int!)` of a query for one record: a positive whole number, as REST's `{id}`. */
@ArgsType()
export class IdArgs {
  @Field(() => Int)
  @IsInt()
  @Min(1)
  id!: number;
}
