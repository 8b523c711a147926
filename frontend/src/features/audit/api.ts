/** The audit log's one read (admins): staff changes, newest first, filtered by who, kind and dates. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@paddock/contracts/api.js';
import type { AuditKind, AuditLogEntryDto } from '@paddock/contracts/audit.js';
import { untypedApi } from '../../lib/api/client.js';
import type { PageRequest } from '../../components/paging.js';

export interface AuditFilter {
  actor?: number;
  kind?: AuditKind;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

export const auditKeys = { all: ['audit'] as const };

export const auditQueries = {
  /** `GET /audit`: one page of entries. */
  page: (page: PageRequest, filter: AuditFilter) =>
    queryOptions({
      queryKey: [...auditKeys.all, page, filter] as const,
      queryFn: () => untypedApi.get<Page<AuditLogEntryDto>>('/audit', { query: { ...page, ...filter } }),
      placeholderData: keepPreviousData,
    }),
};
