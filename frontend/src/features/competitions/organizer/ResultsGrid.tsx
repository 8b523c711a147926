import { Fragment, memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { RESULT_STATUSES } from '@paddock/contracts/competitions.js';
import { RESULT_STATUS_LABELS, RESULT_STATUS_NAMES } from '../labels.js';
import { formatRaceTime, parseRaceTime } from '../raceTime.js';
import type { DriverListItemDto, ResultStatus } from '../types.js';
import { Abbr } from '../../../components/Abbr.js';
import { visuallyHidden } from '../../../components/visuallyHidden.js';
import { DriverPicker, driverLabel } from './DriverPicker.js';
import { COLUMN_LABELS, GRID_COLUMNS, moveRow, nextCell, rowForDriver, TEXT_COLUMNS, type GridColumn, type GridErrors, type GridRow } from './resultsGrid.js';

export interface ResultsGridProps {
  rows: GridRow[];
  onChange: (rows: GridRow[]) => void;
  errors: GridErrors;
  disabled?: boolean;
}

const cellInput: SxProps<Theme> = {
  width: '100%',
  minWidth: 0,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  color: 'text.primary',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 0.5,
  px: 0.75,
  py: 0.5,
  '&:focus': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -1 },
  '&[aria-invalid="true"]': { borderColor: 'error.main', bgcolor: 'rgb(var(--mui-palette-error-mainChannel) / 0.08)' },
};

const WIDTHS: Record<GridColumn, number> = { status: 112, laps: 64, totalTime: 120, bestLap: 104, pole: 48, fastestLap: 48 };
const PLACEHOLDERS: Partial<Record<GridColumn, string>> = { totalTime: 'h:mm:ss.SSS', bestLap: 'm:ss.SSS' };

/**
 * The results entry grid for console races: drivers in finishing order, typed from the keyboard.
 * Enter and ↓/↑ move down and up a column (Enter past the last row reaches "Add driver"), ←/→ move
 * across (from a text's start or end), Alt+↑/↓ move a driver up or down the order. Times are typed as
 * m:ss.SSS and tidied when the cell is left.
 */
export function ResultsGrid({ rows, onChange, errors, disabled = false }: ResultsGridProps) {
  const cells = useRef(new Map<string, HTMLInputElement | HTMLSelectElement>());
  const addField = useRef<HTMLInputElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ rowKey: string; column: GridColumn } | null>(null);
  // The rows' handlers read the latest rows from here, so they stay the same across renders: a keystroke
  // redraws only the row it changes (a phone took hundreds of ms to redraw every cell of the grid).
  const latest = useRef({ rows, onChange });
  useLayoutEffect(() => {
    latest.current = { rows, onChange };
  });

  // Focus follows a row that moved, once it is drawn in its new place.
  useEffect(() => {
    if (!focusAfter) return;
    cells.current.get(`${focusAfter.rowKey}:${focusAfter.column}`)?.focus();
    setFocusAfter(null);
  }, [focusAfter, rows]);

  const [handlers] = useState<RowHandlers>(() => {
    const change = (next: GridRow[]) => latest.current.onChange(next);
    // Laps default to the winner's: typing the winner's fills every row still empty or still on the winner's earlier value.
    const update = (index: number, patch: Partial<GridRow>) => {
      const current = latest.current.rows;
      const followsWinner = (row: GridRow) => row.laps === '' || row.laps === current[0]?.laps;
      change(
        current.map((row, at) => {
          if (at === index) return { ...row, ...patch };
          return index === 0 && patch.laps !== undefined && followsWinner(row) ? { ...row, laps: patch.laps } : row;
        }),
      );
    };
    const focusCell = (rowIndex: number, column: number) => {
      const element = cells.current.get(`${latest.current.rows[rowIndex]!.key}:${GRID_COLUMNS[column]!}`);
      element?.focus();
    };
    return {
      update,
      move: (index, by) => change(moveRow(latest.current.rows, index, by)),
      remove: (index) => change(latest.current.rows.filter((_row, at) => at !== index)),
      onKeyDown: (rowIndex, column) => (event) => {
        const current = latest.current.rows;
        const target = event.currentTarget;
        if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
          event.preventDefault();
          const moved = moveRow(current, rowIndex, event.key === 'ArrowUp' ? -1 : 1);
          if (moved !== current) {
            change(moved);
            setFocusAfter({ rowKey: current[rowIndex]!.key, column: GRID_COLUMNS[column]! });
          }
          return;
        }
        const text = target instanceof HTMLInputElement && target.type === 'text';
        // A cell entered from the keyboard has its text selected: arrows then leave it, as in a spreadsheet.
        const start = text ? target.selectionStart : null;
        const end = text ? target.selectionEnd : null;
        const length = text ? target.value.length : 0;
        const allSelected = start === 0 && end === length;
        const move = nextCell(
          { row: rowIndex, column },
          {
            key: event.key,
            altKey: event.altKey,
            shiftKey: event.shiftKey,
            ctrlKey: event.ctrlKey,
            metaKey: event.metaKey,
            caretAtStart: text ? allSelected || (start === 0 && end === 0) : undefined,
            caretAtEnd: text ? allSelected || (start === length && end === length) : undefined,
          },
          current.length,
        );
        if (move === null) {
          // A select's own ↑/↓ would change the status: in the grid they move between rows (letters still pick a status).
          if (!text && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) event.preventDefault();
          return;
        }
        event.preventDefault();
        if (move === 'add') addField.current?.focus();
        else focusCell(move.row, move.column);
      },
      register: (rowKey, column) => (element) => {
        const key = `${rowKey}:${column}`;
        if (element) cells.current.set(key, element);
        else cells.current.delete(key);
      },
      tidyTime: (index, column) => {
        const value = latest.current.rows[index]![column];
        const parsed = parseRaceTime(value);
        if (parsed.ok && parsed.ms !== null) {
          const tidy = formatRaceTime(parsed.ms);
          if (tidy !== value) update(index, { [column]: tidy });
        }
      },
    };
  });

  // The picker (MUI's Autocomplete) is redrawn only when the placed drivers change, not on every keystroke in a cell.
  const placedIds = rows.flatMap((row) => (row.profileId === null ? [] : [row.profileId])).join(',');
  const picker = useMemo(() => {
    const placed = new Set(placedIds ? placedIds.split(',').map(Number) : []);
    const addDriver = (driver: DriverListItemDto) => {
      const current = latest.current.rows;
      latest.current.onChange([...current, { ...rowForDriver(driver, current.at(-1)), laps: current[0]?.laps ?? '' }]);
    };
    return (
      <DriverPicker inputRef={addField} label="Add driver (number or name)" onPick={addDriver} excluded={placed} helperText="The next finisher: type a number, then Enter" />
    );
  }, [placedIds]);

  return (
    // minWidth 0: the grid scrolls inside its box instead of widening the page on a phone.
    <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
      <TableContainer sx={{ position: 'relative', overflowX: 'auto', maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Results entry" aria-describedby="results-grid-keys" sx={{ '& td, & th': { px: 0.75, py: 0.5 } }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col" sx={{ width: 40 }}>
                <Abbr title="Position">Pos</Abbr>
              </TableCell>
              <TableCell scope="col" sx={{ minWidth: 160 }}>
                Driver
              </TableCell>
              <TableCell scope="col" sx={{ minWidth: 120 }}>
                Team
              </TableCell>
              {GRID_COLUMNS.map((column) => (
                <TableCell
                  key={column}
                  scope="col"
                  sx={{ width: WIDTHS[column], minWidth: WIDTHS[column] }}
                  align={column === 'pole' || column === 'fastestLap' ? 'center' : 'left'}
                >
                  {column === 'fastestLap' ? <Abbr title="Fastest lap">FL</Abbr> : COLUMN_LABELS[column]}
                </TableCell>
              ))}
              <TableCell scope="col" sx={{ width: 112 }}>
                <Box component="span" sx={visuallyHidden}>
                  Order
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={GRID_COLUMNS.length + 4}>
                  <Typography color="text.secondary" variant="body2">
                    No drivers yet: add them below in finishing order.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => (
              <ResultLine
                key={row.key}
                row={row}
                index={index}
                last={index === rows.length - 1}
                rowErrors={errors.get(row.key) ?? NO_ERRORS}
                disabled={disabled}
                handlers={handlers}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ mt: 2, maxWidth: 420 }}>{picker}</Box>
      <Typography id="results-grid-keys" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Keys: Enter or ↓ next row, ↑ previous row, ← → neighbouring cell, Alt+↑ / Alt+↓ move a driver up or down; type F, D… to pick a status. Times as m:ss.SSS.
      </Typography>
    </Box>
  );
}

interface RowHandlers {
  update: (index: number, patch: Partial<GridRow>) => void;
  move: (index: number, by: -1 | 1) => void;
  remove: (index: number) => void;
  onKeyDown: (rowIndex: number, column: number) => (event: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => void;
  register: (rowKey: string, column: GridColumn) => (element: HTMLInputElement | HTMLSelectElement | null) => void;
  tidyTime: (index: number, column: 'totalTime' | 'bestLap') => void;
}

const NO_ERRORS: Partial<Record<GridColumn, string>> = {};

/** One driver's line of the grid (and its messages): redrawn only when its row, place or messages change. */
const ResultLine = memo(function ResultLine({
  row,
  index,
  last,
  rowErrors,
  disabled,
  handlers,
}: {
  row: GridRow;
  index: number;
  last: boolean;
  rowErrors: Partial<Record<GridColumn, string>>;
  disabled: boolean;
  handlers: RowHandlers;
}) {
  const who = `P${index + 1} ${row.driverName}`;
  const rowErrorList = GRID_COLUMNS.filter((column) => rowErrors[column]);
  return (
    <Fragment>
      <TableRow>
        <TableCell>{index + 1}</TableCell>
        <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
          {driverLabel(row)}
        </TableCell>
        <TableCell>
          {row.teamOptions.length > 1 ? (
            <Box
              component="select"
              aria-label={`Team, ${who}`}
              value={row.teamId ?? ''}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLSelectElement>) => {
                const team = row.teamOptions.find((option) => String(option.id) === event.target.value) ?? null;
                handlers.update(index, { teamId: team?.id ?? null, teamName: team?.name ?? null });
              }}
              sx={cellInput}
            >
              <option value="">No team</option>
              {row.teamOptions.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </Box>
          ) : (
            (row.teamName ?? '')
          )}
        </TableCell>
        {GRID_COLUMNS.map((column, columnIndex) => {
          const error = rowErrors[column];
          const errorId = error ? `${row.key}-${column}-error` : undefined;
          // What every cell's control has: its place in the keyboard grid, its name, and the grid's busy state.
          const cell = {
            ref: handlers.register(row.key, column),
            'aria-label': `${COLUMN_LABELS[column]}, ${who}`,
            disabled,
            onKeyDown: handlers.onKeyDown(index, columnIndex),
          };
          const validity = { 'aria-invalid': Boolean(error), 'aria-describedby': errorId };
          let control: React.ReactNode;
          if (column === 'status') {
            control = (
              <Box
                component="select"
                {...cell}
                value={row.status}
                onChange={(event: React.ChangeEvent<HTMLSelectElement>) => handlers.update(index, { status: event.target.value as ResultStatus })}
                sx={cellInput}
              >
                {RESULT_STATUSES.map((status) => (
                  <option key={status} value={status} title={RESULT_STATUS_NAMES[status]}>
                    {RESULT_STATUS_LABELS[status]}
                  </option>
                ))}
              </Box>
            );
          } else if (column === 'pole' || column === 'fastestLap') {
            control = (
              <Box
                component="input"
                type="checkbox"
                {...cell}
                {...validity}
                checked={row[column]}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => handlers.update(index, { [column]: event.target.checked })}
                sx={{ width: 18, height: 18, m: 0 }}
              />
            );
          } else {
            const textColumn = column as 'laps' | 'totalTime' | 'bestLap';
            control = (
              <Box
                component="input"
                type="text"
                {...cell}
                {...validity}
                inputMode={column === 'laps' ? 'numeric' : 'decimal'}
                autoComplete="off"
                placeholder={PLACEHOLDERS[column]}
                value={row[textColumn]}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => handlers.update(index, { [textColumn]: event.target.value })}
                onFocus={(event: React.FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
                onBlur={() => (column === 'laps' ? undefined : handlers.tidyTime(index, column as 'totalTime' | 'bestLap'))}
                sx={cellInput}
              />
            );
          }
          return (
            <TableCell key={column} align={TEXT_COLUMNS.includes(column) || column === 'status' ? 'left' : 'center'} sx={{ verticalAlign: 'top' }}>
              {control}
            </TableCell>
          );
        })}
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <IconButton size="small" aria-label={`Move ${row.driverName} up`} disabled={disabled || index === 0} onClick={() => handlers.move(index, -1)}>
            ↑
          </IconButton>
          <IconButton size="small" aria-label={`Move ${row.driverName} down`} disabled={disabled || last} onClick={() => handlers.move(index, 1)}>
            ↓
          </IconButton>
          <IconButton size="small" aria-label={`Remove ${row.driverName}`} disabled={disabled} onClick={() => handlers.remove(index)}>
            ✕
          </IconButton>
        </TableCell>
      </TableRow>
      {/* The row's messages on a line of their own, the table's width: in a narrow cell they wrapped to five lines. */}
      {rowErrorList.length > 0 && (
        <TableRow>
          <TableCell colSpan={GRID_COLUMNS.length + 4} sx={{ pt: 0 }}>
            {rowErrorList.map((column) => (
              <Typography key={column} id={`${row.key}-${column}-error`} variant="caption" color="error" sx={{ display: 'block', lineHeight: 1.3 }}>
                {COLUMN_LABELS[column]}: <span>{rowErrors[column]}</span>
              </Typography>
            ))}
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
});
