import { Fragment, memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { RESULT_STATUSES } from '@paddock/contracts/competitions.js';
import { RESULT_STATUS_LABELS, RESULT_STATUS_NAMES } from '../labels.js';
import { formatRaceTime, parseRaceTime } from '../raceTime.js';
import type { DriverListItemDto, ResultStatus } from '../types.js';
import { Abbr } from '../../../components/Abbr.js';
import { IconButton, Table, Text } from '../../../components/ui/index.js';
import { DriverPicker, driverLabel } from './DriverPicker.js';
import { COLUMN_LABELS, GRID_COLUMNS, moveRow, nextCell, rowForDriver, TEXT_COLUMNS, type GridColumn, type GridErrors, type GridRow } from './resultsGrid.js';
import './results.css';

export interface ResultsGridProps {
  rows: GridRow[];
  onChange: (rows: GridRow[]) => void;
  errors: GridErrors;
  disabled?: boolean;
}

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

  // The picker is redrawn only when the placed drivers change, not on every keystroke in a cell.
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
    <div className="pd-results-grid">
      <Table size="small" scrollClassName="pd-results-grid-scroll" className="pd-results-grid-table" aria-label="Results entry" aria-describedby="results-grid-keys">
        <thead>
          <tr>
            <th scope="col" style={{ width: 40 }}>
              <Abbr title="Position">Pos</Abbr>
            </th>
            <th scope="col" style={{ minWidth: 160 }}>
              Driver
            </th>
            <th scope="col" style={{ minWidth: 120 }}>
              Team
            </th>
            {GRID_COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                style={{ width: WIDTHS[column], minWidth: WIDTHS[column] }}
                className={column === 'pole' || column === 'fastestLap' ? 'pd-results-center' : undefined}
              >
                {column === 'fastestLap' ? <Abbr title="Fastest lap">FL</Abbr> : COLUMN_LABELS[column]}
              </th>
            ))}
            <th scope="col" style={{ width: 112 }}>
              <span className="pd-visually-hidden">Order</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={GRID_COLUMNS.length + 4}>
                <Text variant="body2" tone="secondary">
                  No drivers yet: add them below in finishing order.
                </Text>
              </td>
            </tr>
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
        </tbody>
      </Table>
      <div className="pd-results-grid-add">{picker}</div>
      <Text id="results-grid-keys" variant="body2" tone="secondary" className="pd-results-grid-keys">
        Keys: Enter or ↓ next row, ↑ previous row, ← → neighbouring cell, Alt+↑ / Alt+↓ move a driver up or down; type F, D… to pick a status. Times as m:ss.SSS.
      </Text>
    </div>
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
      <tr>
        <td>{index + 1}</td>
        <th scope="row" className="pd-results-grid-driver">
          {driverLabel(row)}
        </th>
        <td>
          {row.teamOptions.length > 1 ? (
            <select
              aria-label={`Team, ${who}`}
              value={row.teamId ?? ''}
              disabled={disabled}
              onChange={(event) => {
                const team = row.teamOptions.find((option) => String(option.id) === event.target.value) ?? null;
                handlers.update(index, { teamId: team?.id ?? null, teamName: team?.name ?? null });
              }}
              className="pd-results-cell"
            >
              <option value="">No team</option>
              {row.teamOptions.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          ) : (
            (row.teamName ?? '')
          )}
        </td>
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
              <select {...cell} value={row.status} onChange={(event) => handlers.update(index, { status: event.target.value as ResultStatus })} className="pd-results-cell">
                {RESULT_STATUSES.map((status) => (
                  <option key={status} value={status} title={RESULT_STATUS_NAMES[status]}>
                    {RESULT_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            );
          } else if (column === 'pole' || column === 'fastestLap') {
            control = (
              <input
                type="checkbox"
                {...cell}
                {...validity}
                checked={row[column]}
                onChange={(event) => handlers.update(index, { [column]: event.target.checked })}
                className="pd-results-check"
              />
            );
          } else {
            const textColumn = column as 'laps' | 'totalTime' | 'bestLap';
            control = (
              <input
                type="text"
                {...cell}
                {...validity}
                inputMode={column === 'laps' ? 'numeric' : 'decimal'}
                autoComplete="off"
                placeholder={PLACEHOLDERS[column]}
                value={row[textColumn]}
                onChange={(event) => handlers.update(index, { [textColumn]: event.target.value })}
                onFocus={(event) => event.currentTarget.select()}
                onBlur={() => (column === 'laps' ? undefined : handlers.tidyTime(index, column as 'totalTime' | 'bestLap'))}
                className="pd-results-cell"
              />
            );
          }
          return (
            <td key={column} className={TEXT_COLUMNS.includes(column) || column === 'status' ? 'pd-results-top' : 'pd-results-top pd-results-center'}>
              {control}
            </td>
          );
        })}
        <td className="pd-results-nowrap">
          <IconButton size="small" aria-label={`Move ${row.driverName} up`} disabled={disabled || index === 0} onClick={() => handlers.move(index, -1)}>
            ↑
          </IconButton>
          <IconButton size="small" aria-label={`Move ${row.driverName} down`} disabled={disabled || last} onClick={() => handlers.move(index, 1)}>
            ↓
          </IconButton>
          <IconButton size="small" aria-label={`Remove ${row.driverName}`} disabled={disabled} onClick={() => handlers.remove(index)}>
            ✕
          </IconButton>
        </td>
      </tr>
      {/* The row's messages on a line of their own, the table's width: in a narrow cell they wrapped to five lines. */}
      {rowErrorList.length > 0 && (
        <tr>
          <td colSpan={GRID_COLUMNS.length + 4} className="pd-results-grid-messages">
            {rowErrorList.map((column) => (
              <Text key={column} id={`${row.key}-${column}-error`} variant="caption" tone="error" className="pd-results-grid-message">
                {COLUMN_LABELS[column]}: <span>{rowErrors[column]}</span>
              </Text>
            ))}
          </td>
        </tr>
      )}
    </Fragment>
  );
});
