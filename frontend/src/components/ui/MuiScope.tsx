import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme.js';

/**
 * The league theme for MUI components. The first page (shell, Home, events) is built from the plain
 * components beside this file and carries no MUI; each screen or part built with MUI is downloaded
 * with this scope around it (lazyThemed, lazyPage).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
