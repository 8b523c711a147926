import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Page } from '../contracts/api.js';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
/** Far beyond any real list; keeps the offset a number PostgreSQL accepts. */
export const MAX_PAGE_NUMBER = 1_000_000_000;

/** `?pageNumber&pageSize` — 0-based pages (SPEC §9), 25 by default, at most 1000 a page. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_PAGE_NUMBER, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_PAGE_NUMBER)
  pageNumber = 0;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize = DEFAULT_PAGE_SIZE;

  get offset(): number {
    return this.pageNumber * this.pageSize;
  }
}

export function toPage<T>(content: T[], totalElements: number, query: PageQuery): Page<T> {
  return {
    content,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalElements,
    totalPages: Math.ceil(totalElements / query.pageSize),
  };
}
