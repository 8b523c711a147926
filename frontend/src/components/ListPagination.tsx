import TablePagination from '@mui/material/TablePagination';
import { ALL_ROWS, PAGE_SIZE_OPTIONS } from './paging.js';

export interface ListPaginationProps {
  /** 0-based. */
  pageIndex: number;
  rowsPerPage: number;
  totalElements: number;
  onChange: (pageIndex: number, rowsPerPage: number) => void;
  label: string;
}

/** The list footer (SPEC §9): page sizes 10/25/50/100/All; a new size starts again at the first page. */
export function ListPagination({ pageIndex, rowsPerPage, totalElements, onChange, label }: ListPaginationProps) {
  return (
    <TablePagination
      component="nav"
      aria-label={label}
      count={totalElements}
      page={rowsPerPage === ALL_ROWS ? 0 : pageIndex}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={PAGE_SIZE_OPTIONS}
      labelRowsPerPage="Per page"
      onPageChange={(_event, next) => onChange(next, rowsPerPage)}
      onRowsPerPageChange={(event) => onChange(0, Number(event.target.value))}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
