import { useDeferredValue, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CenteredLoader } from './CenteredLoader.js';
import { EmptyState } from './EmptyState.js';
import { LoadFailed } from './LoadFailed.js';

interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** The loader's label while the first answer is on its way. */
  loading: string;
  /** What a failed read says, beside Try again. */
  failed: string;
  /** For a list: what it says when the answer is empty. */
  empty?: string;
  children: (data: T) => ReactNode;
}

/** An answer is empty when it is an empty list, or a page with nothing on it. */
function isEmptyList(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const content = (data as { content?: unknown } | null)?.content;
  return Array.isArray(content) && content.length === 0;
}

/** What a query's place shows: a loader, the failure with Try again, the empty state, or the answer. */
export function QueryContent<T>({ query, loading, failed, empty, children }: QueryContentProps<T>) {
  // The first answer arrives as an urgent update: what it shows is drawn as a deferred one, which React splits
  // into short slices, so a big screen does not block the page for one long task (the loader stays meanwhile).
  const drawn = useDeferredValue(query.data !== undefined);
  if (query.isError) return <LoadFailed title={failed} onRetry={() => void query.refetch()} />;
  if (query.isPending || !drawn) return <CenteredLoader label={loading} />;
  if (empty !== undefined && isEmptyList(query.data)) return <EmptyState title={empty} />;
  return children(query.data);
}
