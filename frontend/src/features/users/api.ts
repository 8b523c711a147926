/** The users admin calls (SPEC §7 Config and user): the paged, sortable list, its CSV export, roles and their grants. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RoleInfo, UserListItem, UserPageRequest, UserSortField } from '@paddock/contracts/api.js';
import type { Role } from '@paddock/contracts/roles.js';
import { api, apiUrl } from '../../lib/api/client.js';
import { useCommand } from '../../lib/query/useCommand.js';
import type { PageRequest } from '../../components/paging.js';

export type { RoleInfo, UserListItem, UserSortField };

/** Everything of users admin sits under `users`: a grant or revoke refetches what is shown of it. */
export const userKeys = {
  all: ['users'] as const,
  pages: ['users', 'page'] as const,
  roles: ['users', 'roles'] as const,
};

export const userQueries = {
  /** `POST /users/page`: one page, sorted as asked, of everyone or of one role's holders. */
  page: (page: PageRequest, body: UserPageRequest) =>
    queryOptions({
      queryKey: [...userKeys.pages, page, body] as const,
      queryFn: () => api.post('/users/page', body, { query: { ...page } }),
      placeholderData: keepPreviousData,
    }),
  /** `GET /roles`: every role with what it is for. */
  roles: () => queryOptions({ queryKey: userKeys.roles, queryFn: () => api.get('/roles'), staleTime: Infinity }),
};

export const userCommands = {
  /** Quiet: the Roles screen says what failed beside the change. */
  grantRole: (userId: number, role: Role, idempotencyKey?: string) =>
    api.put('/users/:id/roles/:role', undefined, { params: { id: userId, role }, silent: true, idempotencyKey }),
  revokeRole: (userId: number, role: Role) => api.delete('/users/:id/roles/:role', { params: { id: userId, role }, silent: true }),
};

/** A grant or revoke refetches the lists of users (everyone, and each role's holders). */
const usersChanged = () => [userKeys.pages];

export const useGrantRole = () => useCommand(userCommands.grantRole, usersChanged);
export const useRevokeRole = () => useCommand(userCommands.revokeRole, usersChanged);

/** `GET /users/export`: a plain link the browser downloads (the session cookie goes along). */
export const USERS_EXPORT_URL = apiUrl('GET /users/export');
