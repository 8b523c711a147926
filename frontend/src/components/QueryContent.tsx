import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CenteredLoader } from './CenteredLoader.js';
import { LoadFailed } from './LoadFailed.js';

interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** The loader's label while the first answer is on its way. */
  loading: string;
  /** What a failed read says, beside Try again. */
  failed: string;
  /** When the answer counts as empty, and what shows then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** What a query's place shows: a loader, the failure with Try again, the empty state, or the answer. */
export function QueryContent<T>({ query, loading, failed, isEmpty, empty, children }: QueryContentProps<T>) {
  if (query.isPending) return <CenteredLoader label={loading} />;
  if (query.isError) return <LoadFailed title={failed} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
