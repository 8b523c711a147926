import type { Type } from '@nestjs/common';
import { ArgsType, Extensions, Field, Int } from '@nestjs/graphql';
import { IsInt, Min } from 'class-validator';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageQuery } from '../../common/pagination.js';
import { LIST_SIZE } from './query-limits.js';

/**
 * How many items a list field holds in a typical answer (a season's rounds, a race's result lines),
 * for the cost limit: without it a list counts DEFAULT_LIST_SIZE items, and a list with a `pageSize`
 * argument counts that many.
 */
export const ListSize = (items: number) => Extensions({ [LIST_SIZE]: items });

/** `(id: Int!)` of a query for one record: a positive whole number, as REST's `{id}`. */
@ArgsType()
export class IdArgs {
  @Field(() => Int)
  @IsInt()
  @Min(1)
  id!: number;
}

/** A REST page query (`PageQuery` or a list's query extending it) as GraphQL arguments: `class EventListArgs extends PageArgs(EventListQuery)`, validated by the same DTO. */
export function PageArgs<Query extends PageQuery>(query: Type<Query>) {
  @ArgsType()
  abstract class PageArgsType extends (query as Type<PageQuery>) {
    @Field(() => Int, { defaultValue: 0, description: '0-based' })
    override pageNumber = 0;

    @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `At most ${MAX_PAGE_SIZE}` })
    override pageSize = DEFAULT_PAGE_SIZE;
  }
  return PageArgsType as abstract new () => Query;
}
