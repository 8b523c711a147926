/** The users' calls (SPEC §7 Config and user): who is signed in, their API key, and the admins' list of users and roles. */
import type { ApiKeyInfo, CurrentUserDto, Page, PageParams, RoleInfo, UserListItem, UserPageRequest } from './api.js';
import { created, noContent, rawRoute, route } from './http.js';
import type { Role } from './roles.js';

/** A user's roles after a grant or revoke. */
export interface UserRoles {
  roles: Role[];
}

export const userRoutes = {
  'GET /users/me': route<CurrentUserDto>(),
  /** One page, sorted as asked, of everyone or of one role's holders (admins). */
  'POST /users/page': route<Page<UserListItem>, UserPageRequest, PageParams>(),
  /** Everyone as CSV, downloaded through a plain link (admins). */
  'GET /users/export': rawRoute(),
  /** A new key, shown only this once; the previous key stops working. */
  'POST /users/me/apiKey': created<{ key: string }>(),
  'GET /users/me/apiKey': route<ApiKeyInfo>(),
  /** The key stops working at once; sockets opened with it are disconnected. */
  'DELETE /users/me/apiKey': noContent(),
  'PUT /users/:id/roles/:role': route<UserRoles>(),
  'DELETE /users/:id/roles/:role': route<UserRoles>(),
  /** Every role with what it is for (admins). */
  'GET /roles': route<RoleInfo[]>(),
} as const;
