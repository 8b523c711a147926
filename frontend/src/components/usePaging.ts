import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, toPageRequest, type PageRequest } from './paging.js';

/** Which page of a list is shown: `pageIndex` 0-based as MUI counts, `rowsPerPage` ALL_ROWS for All. */
export interface Paging {
  pageIndex: number;
  rowsPerPage: number;
}

/** A list's paging state, the API request for it, and a reset to the first page (for new filters). */
export function usePaging(): { paging: Paging; request: PageRequest; setPaging: (paging: Paging) => void; firstPage: () => void } {
  const [paging, setPaging] = useState<Paging>({ pageIndex: 0, rowsPerPage: DEFAULT_PAGE_SIZE });
  const firstPage = useCallback(() => setPaging((current) => ({ ...current, pageIndex: 0 })), []);
  return { paging, request: toPageRequest(paging.pageIndex, paging.rowsPerPage), setPaging, firstPage };
}
