import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  /** The last answer; kept while a reload runs so lists do not flash empty. */
  data: T | undefined;
  loading: boolean;
  /** The last load failed (the Error dialog has already said why, unless the call was silent). */
  failed: boolean;
  /** Loads again (after a push message, a reconnect, or a change the page made). */
  reload: () => void;
  /** Replaces the shown data, e.g. with a pushed update. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * Runs `load` when the component mounts and whenever `key` changes; only the latest answer is kept,
 * so a slow earlier answer never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(() => {
    const request = ++latest.current;
    setLoading(true);
    loadRef.current().then(
      (answer) => {
        if (request !== latest.current) return;
        setDataState(answer);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (request !== latest.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    reload();
    return () => {
      latest.current++;
    };
  }, [key, reload]);

  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setDataState(update), []);
  return { data, loading, failed, reload, setData };
}
