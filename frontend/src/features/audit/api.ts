/** The audit log's one read (admins): staff changes, newest first, filtered by who, kind and dates. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditFilter } from '@paddock/contracts/audit.js';
import { api } from '../../lib/api/client.js';
import type { PageRequest } from '../../components/paging.js';

export type { AuditFilter };

export const auditKeys = { all: ['audit'] as const };

export const auditQueries = {
  /** `GET /audit`: one page of entries. */
  page: (page: PageRequest, filter: AuditFilter) =>
    queryOptions({
      queryKey: [...auditKeys.all, page, filter] as const,
      queryFn: () => api.get('/audit', { query: { ...page, ...filter } }),
      placeholderData: keepPreviousData,
    }),
};
