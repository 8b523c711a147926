import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * A command as a hook that knows what it changes: once the API accepted it, the queries under `invalidates`
 * (given the answer and the arguments) are refetched, so no component refreshes the cache itself.
 */
export function useCommand<A extends unknown[], R>(command: (...args: A) => Promise<R>, invalidates: (answer: R, ...args: A) => QueryKey[]) {
  const queryClient = useQueryClient();
  return useCallback(
    async (...args: A): Promise<R> => {
      const answer = await command(...args);
      for (const queryKey of invalidates(answer, ...args)) void queryClient.invalidateQueries({ queryKey });
      return answer;
    },
    [queryClient, command, invalidates],
  );
}
