import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

export interface CommandOptions {
  /** Resolve only once the refetched queries are back (the caller then shows what was saved, not what was). */
  awaitRefetch?: boolean;
}

/**
 * A command as a hook that knows what it changes: once the API accepted it, the queries under `invalidates`
 * (given the answer and the arguments) are refetched, so no component refreshes the cache itself.
 */
export function useCommand<A extends unknown[], R>(
  command: (...args: A) => Promise<R>,
  invalidates: (answer: R, ...args: A) => QueryKey[],
  { awaitRefetch = false }: CommandOptions = {},
) {
  const queryClient = useQueryClient();
  return useCallback(
    async (...args: A): Promise<R> => {
      const answer = await command(...args);
      const refetched = Promise.all(invalidates(answer, ...args).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (awaitRefetch) await refetched;
      return answer;
    },
    [queryClient, command, invalidates, awaitRefetch],
  );
}
