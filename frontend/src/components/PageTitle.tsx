import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { configAtom } from '../features/site/atoms.js';

/** The page's one h1, also named in the browser tab. */
export function PageTitle({ children }: { children: string }) {
  const { leagueName } = useAtomValue(configAtom);
  useEffect(() => {
    document.title = `${children} · ${leagueName}`;
  }, [children, leagueName]);
  return (
    <Typography variant="h4" component="h1" gutterBottom>
      {children}
    </Typography>
  );
}
