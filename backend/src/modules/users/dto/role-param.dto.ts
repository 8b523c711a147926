import { IdParam, OneOfField } from '../../../common/dto-fields.js';
import { ROLES, type Role } from '../../../contracts/roles.js';

/** `/api/users/{id}/roles/{role}`. */
export class UserRoleParams extends IdParam {
  @OneOfField(ROLES)
  role!: Role;
}
