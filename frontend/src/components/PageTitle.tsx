import { createContext, useContext, useEffect } from 'react';
import { Text } from './ui/index.js';

/** The name after each page's title in the browser tab: the app provides the league's. */
export const SiteNameContext = createContext('Paddock');

/** The page's one h1, also named in the browser tab. */
export function PageTitle({ children }: { children: string }) {
  const siteName = useContext(SiteNameContext);
  useEffect(() => {
    document.title = `${children} · ${siteName}`;
  }, [children, siteName]);
  return (
    <Text variant="h4" as="h1" gutterBottom>
      {children}
    </Text>
  );
}
