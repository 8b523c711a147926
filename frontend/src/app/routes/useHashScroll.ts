import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const HASH_SCROLL_DELAY_MS = 500;

/** Scrolls smoothly to the element named by the URL hash after 0.5 s, once the page has rendered (SPEC §2). */
export function useHashScroll(): void {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    }, HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash, pathname]);
}
