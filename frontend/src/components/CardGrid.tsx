import type { CSSProperties, Key, ReactNode } from 'react';
import './CardGrid.css';

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
    <ul aria-label={label} className="pd-card-grid" style={{ '--pd-card-min': `${minCardWidth}px` } as CSSProperties}>
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}
