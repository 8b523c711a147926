import TablePagination from '@mui/material/TablePagination';
import { ALL_ROWS, PAGE_SIZE_OPTIONS } from './paging.js';
import type { Paging } from './usePaging.js';

export interface ListPaginationProps {
  label: string;
  paging: Paging;
  /** Of the loaded page; nothing is shown until there is at least one. */
  totalElements: number | undefined;
  onChange: (paging: Paging) => void;
}

/** The list footer (SPEC §9): page sizes 10/25/50/100/All; a new size starts again at the first page. */
export function ListPagination({ label, paging: { pageIndex, rowsPerPage }, totalElements, onChange }: ListPaginationProps) {
  if (!totalElements) return null;
  return (
    <TablePagination
      component="nav"
      aria-label={label}
      count={totalElements}
      page={rowsPerPage === ALL_ROWS ? 0 : pageIndex}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={PAGE_SIZE_OPTIONS}
      labelRowsPerPage="Per page"
      onPageChange={(_event, next) => onChange({ pageIndex: next, rowsPerPage })}
      onRowsPerPageChange={(event) => onChange({ pageIndex: 0, rowsPerPage: Number(event.target.value) })}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
