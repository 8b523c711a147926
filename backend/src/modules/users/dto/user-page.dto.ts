import { OneOfField, SortSpecField } from '../../../common/dto-fields.js';
import { ROLES, type Role } from '../../../contracts/roles.js';
import { USER_SORT_FIELDS, type SortRequest, type UserPageRequest, type UserSortField } from '../../../contracts/api.js';

export { USER_SORT_FIELDS, type UserSortField };

/** Body of `POST /api/users/page`: the sort spec of SPEC §7, and optionally only the holders of one role. */
export class UserPageBody implements UserPageRequest {
  @OneOfField(ROLES, { optional: true })
  role?: Role;

  @SortSpecField('UserSortDto', USER_SORT_FIELDS, 5)
  sort?: SortRequest<UserSortField>[];
}
