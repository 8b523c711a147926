import type { ReactNode, TableHTMLAttributes } from 'react';
import { classes } from './classes.js';

interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  size?: 'small' | 'medium';
  /** The wrapper's class: the table scrolls sideways inside it when wider than the screen. */
  scrollClassName?: string;
  /** Put the table on a sheet (MUI's TableContainer with Paper). */
  outlined?: boolean;
  /**
   * Names the scrolling wrapper and lets it take focus, so a keyboard can scroll a wide table that holds no
   * links or fields of its own (the wrapper is then a region read out with this name).
   */
  regionLabel?: string;
}

/** A data table (the browser's table, MUI's look) that scrolls sideways on a narrow screen instead of the page. */
export function Table({ size = 'medium', scrollClassName, outlined = false, regionLabel, className, ...props }: TableProps) {
  const region = regionLabel ? { role: 'region', 'aria-label': regionLabel, tabIndex: 0 } : {};
  return (
    <div className={classes('pd-table-scroll', outlined && 'pd-paper pd-paper--outlined', scrollClassName)} {...region}>
      <table className={classes('pd-table', size === 'small' && 'pd-table--small', className)} {...props} />
    </div>
  );
}

/**
 * A column's heading: its text alone, or the text with how it aligns (numbers right), from which width it shows
 * (narrow screens leave the column out; give its cells `shownFrom(…)` too), or a class of its own; `false` for a
 * column this table leaves out.
 */
export type Column = string | false | { label: ReactNode; align?: 'right'; from?: 'sm' | 'md'; className?: string };

/** The class of a cell that narrow screens leave out: shown from the `sm` (600 px) or `md` (900 px) width up. */
export const shownFrom = (breakpoint: 'sm' | 'md') => `pd-from-${breakpoint}`;

/** A table's header row, one heading a column (an empty string for a column without one). */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          column === false ? null : typeof column === 'string' ? (
            <th key={index} scope="col">
              {column}
            </th>
          ) : (
            <th key={index} scope="col" className={classes(column.align === 'right' && 'pd-num', column.from && shownFrom(column.from), column.className) || undefined}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
