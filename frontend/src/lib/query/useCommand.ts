import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

/** A query the answer of a command sets at once: its new data, or how to change the data held. */
export interface CacheWrite {
  queryKey: QueryKey;
  data: unknown;
}

export interface CommandOptions<A extends unknown[], R> {
  /** Resolve only once the refetched queries are back (the caller then shows what was saved, not what was). */
  awaitRefetch?: boolean;
  /** Queries the answer itself holds, written before anything is refetched. */
  writes?: (answer: R, ...args: A) => CacheWrite[];
}

/**
 * A command as a hook that knows what it changes: once the API accepted it, the queries under `invalidates`
 * (given the answer and the arguments) are refetched, so no component refreshes the cache itself.
 */
export function useCommand<A extends unknown[], R>(
  command: (...args: A) => Promise<R>,
  invalidates: (answer: R, ...args: A) => QueryKey[],
  { awaitRefetch = false, writes }: CommandOptions<A, R> = {},
) {
  const queryClient = useQueryClient();
  return useCallback(
    async (...args: A): Promise<R> => {
      const answer = await command(...args);
      for (const { queryKey, data } of writes?.(answer, ...args) ?? []) queryClient.setQueryData(queryKey, data);
      const refetched = Promise.all(invalidates(answer, ...args).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (awaitRefetch) await refetched;
      return answer;
    },
    [queryClient, command, invalidates, awaitRefetch, writes],
  );
}
