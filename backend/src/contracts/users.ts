/** The users' calls (SPEC §7 Config and user): who is signed in, their API key, and the admins' list of users and roles. */
import type { ApiKeyInfo, CurrentUserDto, Page, PageParams, RoleInfo, UserListItem, UserPageRequest } from './api.js';
import { created, noContent, rawRoute, route } from './http.js';
import type { Role } from './roles.js';

/** A user's roles after a grant or revoke. */
export interface UserRoles {
  roles: Role[];
}

export const userRoutes = {
  'GET /users/me': route<CurrentUserDto>('signedIn'),
  /** One page, sorted as asked, of everyone or of one role's holders (admins). */
  'POST /users/page': route<Page<UserListItem>, UserPageRequest, PageParams>('isAdmin'),
  /** Everyone as CSV, downloaded through a plain link (admins). */
  'GET /users/export': rawRoute('isAdmin'),
  /** A new key, shown only this once; the previous key stops working. */
  'POST /users/me/apiKey': created<{ key: string }>('signedIn'),
  'GET /users/me/apiKey': route<ApiKeyInfo>('signedIn'),
  /** The key stops working at once; sockets opened with it are disconnected. */
  'DELETE /users/me/apiKey': noContent('signedIn'),
  'PUT /users/:id/roles/:role': route<UserRoles>('isAdmin'),
  'DELETE /users/:id/roles/:role': route<UserRoles>('isAdmin'),
  /** Every role with what it is for (admins). */
  'GET /roles': route<RoleInfo[]>('isAdmin'),
} as const;
