import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { OneOfField, SortDirectionField } from '../../../common/dto-fields.js';
import { ROLES, type Role } from '../../../contracts/roles.js';
import { USER_SORT_FIELDS, type SortDirection, type SortRequest, type UserPageRequest, type UserSortField } from '../../../contracts/api.js';

export { USER_SORT_FIELDS, type UserSortField };

export class UserSortDto implements SortRequest<UserSortField> {
  @ApiPropertyOptional({ enum: USER_SORT_FIELDS })
  @IsIn(USER_SORT_FIELDS, { message: `sort field must be one of ${USER_SORT_FIELDS.join(', ')}` })
  field!: UserSortField;

  @SortDirectionField()
  direction?: SortDirection | 'asc' | 'desc';
}

/** Body of `POST /api/users/page`: the sort spec of SPEC §7, and optionally only the holders of one role. */
export class UserPageBody implements UserPageRequest {
  @OneOfField(ROLES, { optional: true })
  role?: Role;

  @ApiPropertyOptional({ type: [UserSortDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => UserSortDto)
  sort?: UserSortDto[];
}
