import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { SortDirectionField } from '../../../common/dto-fields.js';
import type { SortDirection } from '../../../contracts/api.js';

export const USER_SORT_FIELDS = ['id', 'username', 'globalName', 'nickName', 'createdAt', 'lastSeenAt', 'lastLoginAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export class UserSortDto {
  @ApiPropertyOptional({ enum: USER_SORT_FIELDS })
  @IsIn(USER_SORT_FIELDS, { message: `sort field must be one of ${USER_SORT_FIELDS.join(', ')}` })
  field!: UserSortField;

  @SortDirectionField()
  direction?: SortDirection | 'asc' | 'desc';
}

/** Body of `POST /api/users/page`: the sort spec of SPEC §7. */
export class UserPageBody {
  @ApiPropertyOptional({ type: [UserSortDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => UserSortDto)
  sort?: UserSortDto[];
}
