import { useEffect, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { competitionQueries } from '../api.js';
import type { DriverListItemDto } from '../types.js';

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

/**
 * Finds a driver by number or name (`GET /api/profile/list?search=`) and hands the chosen one over; the
 * field empties itself for the next. The best match is highlighted, so a number and Enter is enough.
 */
export function DriverPicker({ label, onPick, excluded = new Set(), helperText, size = 'small', inputRef }: DriverPickerProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery(competitionQueries.drivers(search));
  const options = search ? rankDrivers(found.data?.content ?? [], search, excluded) : [];
  const searching = text.trim() !== search || found.isFetching;

  return (
    <Autocomplete<DriverListItemDto>
      options={options}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, driver) => {
        if (!driver) return;
        onPick(driver);
        setText('');
        setSearch('');
      }}
      getOptionLabel={driverLabel}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(shown) => shown}
      autoHighlight
      clearOnBlur={false}
      loading={searching && text.trim() !== ''}
      loadingText="Searching…"
      noOptionsText={text.trim() ? 'No driver matches' : 'Type a driver number or name'}
      renderOption={(props, driver) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {driverLabel(driver)}
            {driver.teams.length > 0 ? ` · ${driver.teams.map((team) => team.name).join(', ')}` : ''}
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} inputRef={inputRef} label={label} size={size} helperText={helperText} />}
    />
  );
}
