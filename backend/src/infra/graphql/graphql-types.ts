import { ArgsType, Extensions, Field, Int } from '@nestjs/graphql';
import { IsInt, Min } from 'class-validator';
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
