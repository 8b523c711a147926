import type { TableHTMLAttributes } from 'react';
import { classes } from './classes.js';

interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  size?: 'small' | 'medium';
  /** The wrapper's class: the table scrolls sideways inside it when wider than the screen. */
  scrollClassName?: string;
  /** Put the table on a sheet (MUI's TableContainer with Paper). */
  outlined?: boolean;
}

/** A data table (the browser's table, MUI's look) that scrolls sideways on a narrow screen instead of the page. */
export function Table({ size = 'medium', scrollClassName, outlined = false, className, ...props }: TableProps) {
  return (
    <div className={classes('pd-table-scroll', outlined && 'pd-paper pd-paper--outlined', scrollClassName)}>
      <table className={classes('pd-table', size === 'small' && 'pd-table--small', className)} {...props} />
    </div>
  );
}
