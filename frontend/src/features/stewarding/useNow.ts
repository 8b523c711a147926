import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (30 s): deadlines count down on screen without a refetch. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
