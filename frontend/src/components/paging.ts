/** Paging of every list (SPEC §9): 25 by default, 10/25/50/100/All, UI pages 1-based and sent 0-based. */
export const DEFAULT_PAGE_SIZE = 25;
/** MUI's value for "All" in the page-size menu. */
export const ALL_ROWS = -1;
/** What "All" asks the API for: its largest page. */
export const ALL_ROWS_PAGE_SIZE = 1000;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, { label: 'All', value: ALL_ROWS }];

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

/** The request for the shown page (`pageIndex` 0-based as MUI counts; the footer shows it 1-based). */
export function toPageRequest(pageIndex: number, rowsPerPage: number): PageRequest {
  if (rowsPerPage === ALL_ROWS) return { pageNumber: 0, pageSize: ALL_ROWS_PAGE_SIZE };
  return { pageNumber: Math.max(0, pageIndex), pageSize: rowsPerPage };
}
