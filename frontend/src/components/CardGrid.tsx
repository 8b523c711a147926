import Box from '@mui/material/Box';
import type { Key, ReactNode } from 'react';

interface CardGridProps<T> {
  items: T[];
  keyOf: (item: T) => Key;
  /** The list's accessible name. */
  label: string;
  /** Narrowest card width before the grid drops a column (one column on a phone). */
  minCardWidth?: number;
  children: (item: T) => ReactNode;
}

/** Cards in a list laid out as a grid that folds to one column on a phone. */
export function CardGrid<T>({ items, keyOf, label, minCardWidth = 280, children }: CardGridProps<T>) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minCardWidth}px), 1fr))` }}
    >
      {items.map((item) => (
        <Box component="li" key={keyOf(item)}>
          {children(item)}
        </Box>
      ))}
    </Box>
  );
}
