import { ChevronLeftIcon, ChevronRightIcon } from './icons.js';
import { ALL_ROWS, PAGE_SIZE_OPTIONS } from './paging.js';
import { IconButton, SelectField } from './ui/index.js';
import type { Paging } from './usePaging.js';

export interface ListPaginationProps {
  label: string;
  paging: Paging;
  /** Of the loaded page; nothing is shown until there is at least one. */
  totalElements: number | undefined;
  onChange: (paging: Paging) => void;
}

const SIZE_OPTIONS = PAGE_SIZE_OPTIONS.map((option) =>
  typeof option === 'number' ? { value: String(option), label: String(option) } : { value: String(option.value), label: option.label },
);

/** The list footer (SPEC §9): page sizes 10/25/50/100/All; a new size starts again at the first page. */
export function ListPagination({ label, paging: { pageIndex, rowsPerPage }, totalElements, onChange }: ListPaginationProps) {
  if (!totalElements) return null;
  const all = rowsPerPage === ALL_ROWS;
  const page = all ? 0 : pageIndex;
  const first = all ? 1 : page * rowsPerPage + 1;
  const last = all ? totalElements : Math.min(totalElements, (page + 1) * rowsPerPage);
  return (
    <nav aria-label={label} className="pd-pagination">
      <SelectField
        label="Per page"
        labelPlacement="beside"
        options={SIZE_OPTIONS}
        value={String(rowsPerPage)}
        onChange={(event) => onChange({ pageIndex: 0, rowsPerPage: Number(event.target.value) })}
      />
      <span>
        {first}–{last} of {totalElements}
      </span>
      <span className="pd-pagination-steps">
        <IconButton aria-label="Go to previous page" disabled={page === 0} onClick={() => onChange({ pageIndex: page - 1, rowsPerPage })}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label="Go to next page" disabled={last >= totalElements} onClick={() => onChange({ pageIndex: page + 1, rowsPerPage })}>
          <ChevronRightIcon />
        </IconButton>
      </span>
    </nav>
  );
}
