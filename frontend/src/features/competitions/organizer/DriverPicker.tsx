import { useEffect, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/index.js';
import { classes } from '../../../components/ui/classes.js';
import { competitionQueries } from '../api.js';
import type { DriverListItemDto } from '../types.js';
import './results.css';

const SEARCH_DELAY_MS = 200;

/** How a driver is named in the grid and the search: the league's display name ("[ 7 ] - Speedy" carries the number). */
export const driverLabel = (driver: Pick<DriverListItemDto, 'driverName'>) => driver.driverName;

/** Drivers found for a search, the one whose number is the search first (typing "7" then Enter takes #7). */
export function rankDrivers(found: DriverListItemDto[], search: string, excluded: ReadonlySet<number>): DriverListItemDto[] {
  const number = /^\d+$/.test(search.trim()) ? Number(search.trim()) : null;
  return found.filter((driver) => !excluded.has(driver.id)).sort((a, b) => Number(b.driverNumber === number) - Number(a.driverNumber === number));
}

export interface DriverPickerProps {
  label: string;
  onPick: (driver: DriverListItemDto) => void;
  /** Drivers already placed: not offered again. */
  excluded?: ReadonlySet<number>;
  helperText?: string;
  size?: 'small' | 'medium';
  inputRef?: Ref<HTMLInputElement>;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * Finds a driver by number or name (`GET /api/profile/list?search=`) and hands the chosen one over; the
 * field empties itself for the next. The best match is highlighted, so a number and Enter is enough.
 * A WAI-ARIA combobox: the field (role combobox) owns a listbox of the drivers found; ↓/↑ move the
 * highlight (aria-activedescendant, focus stays in the field), Enter or a click takes it, Escape closes the list.
 */
export function DriverPicker({ label, onPick, excluded = NONE, helperText, size = 'small', inputRef }: DriverPickerProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery(competitionQueries.drivers(search));
  const options = search ? rankDrivers(found.data?.content ?? [], search, excluded) : [];
  const searching = text.trim() !== search || found.isFetching;

  // The best match is highlighted whenever the drivers found change (MUI's autoHighlight).
  const shownIds = options.map((driver) => driver.id).join(',');
  const [highlightFor, setHighlightFor] = useState(shownIds);
  if (highlightFor !== shownIds) {
    setHighlightFor(shownIds);
    setHighlight(0);
  }
  const active = open && options.length > 0 ? Math.min(highlight, options.length - 1) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;
  // The highlighted driver stays in sight in a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const pick = (driver: DriverListItemDto) => {
    onPick(driver);
    setText('');
    setSearch('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length > 0) setHighlight((active + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length);
    } else if (event.key === 'Enter') {
      if (active < 0) return;
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape') {
      if (!open) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const message = searching && text.trim() !== '' ? 'Searching…' : text.trim() ? 'No driver matches' : 'Type a driver number or name';

  return (
    <div className="pd-results-picker">
      <TextField
        fullWidth
        label={label}
        size={size}
        helperText={helperText}
        inputRef={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div className="pd-results-picker-popup pd-paper pd-paper--elevated" hidden={!open}>
        <ul id={listId} role="listbox" aria-label={label} className="pd-results-picker-list">
          {options.map((driver, index) => (
            <li
              key={driver.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={classes('pd-results-picker-option', index === active && 'pd-results-picker-option--active')}
              // The field keeps the focus: a press on an option must not blur it (which closes the list).
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setHighlight(index)}
              onClick={() => pick(driver)}
            >
              {driverLabel(driver)}
              {driver.teams.length > 0 ? ` · ${driver.teams.map((team) => team.name).join(', ')}` : ''}
            </li>
          ))}
        </ul>
        {options.length === 0 && <div className="pd-results-picker-message">{message}</div>}
      </div>
    </div>
  );
}
