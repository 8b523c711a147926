import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

/** A cell that narrow screens leave out: shown from the `sm` (or `md`) breakpoint up. */
export const shownFrom = (breakpoint: 'sm' | 'md'): SxProps<Theme> => ({ display: { xs: 'none', [breakpoint]: 'table-cell' } });

/**
 * A column's heading: its text alone, or the text with how it aligns, from which width it shows, or its own sx;
 * `false` for a column this table leaves out.
 */
export type Column = string | false | { label: ReactNode; align?: 'right'; from?: 'sm' | 'md'; sx?: SxProps<Theme> };

/** A table's header row, one heading a column (an empty string for a column without one). */
export function TableHeader({ columns }: { columns: readonly Column[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column, index) =>
          column === false ? null : typeof column === 'string' ? (
            <TableCell key={index}>{column}</TableCell>
          ) : (
            <TableCell key={index} align={column.align} sx={column.sx ?? (column.from && shownFrom(column.from))}>
              {column.label}
            </TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}
