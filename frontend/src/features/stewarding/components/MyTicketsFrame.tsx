import { useId, type ReactNode } from 'react';
import { Paper, Skeleton, Text } from '../../../components/ui/index.js';
import './myTicketsFrame.css';

/**
 * The frame of the own profile's "My tickets & licence points", outside its lazily loaded part: the slot
 * draws it, loading, before the part's chunk has arrived, so the sections below keep their place when it does.
 */
export function MyTicketsFrame({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper as="section" aria-labelledby={titleId} className="pd-steward-mine">
      <Text id={titleId} variant="h5" as="h2" gutterBottom>
        My tickets & licence points
      </Text>
      {children}
    </Paper>
  );
}

/** The section's list of tickets, under its own heading. */
export function MyTicketsListFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-label="My tickets" className="pd-steward-tickets">
      <Text variant="h6" as="h3">
        My tickets
      </Text>
      {children}
    </section>
  );
}

/** A part still loading: its place held at its height, announced by name. */
export function PartLoading({ label, height }: { label: string; height: number }) {
  return (
    <div role="progressbar" aria-label={label}>
      <Skeleton variant="rounded" height={height} />
    </div>
  );
}

export const LICENCE_LOADING = { label: 'Loading your licence points', height: 60 } as const;
export const TICKETS_LOADING = { label: 'Loading your tickets', height: 80 } as const;

/** The section as it first shows, whether its part or its reads are still on their way. */
export function MyTicketsLoading() {
  return (
    <MyTicketsFrame>
      <PartLoading {...LICENCE_LOADING} />
      <MyTicketsListFrame>
        <PartLoading {...TICKETS_LOADING} />
      </MyTicketsListFrame>
    </MyTicketsFrame>
  );
}
