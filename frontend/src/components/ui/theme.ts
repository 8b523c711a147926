import { createTheme } from '@mui/material/styles';
import { palette } from './palette.js';

declare module '@mui/material/styles' {
  interface Palette {
    footer: Palette['primary'];
  }
  interface PaletteOptions {
    footer?: PaletteOptions['primary'];
  }
}

/** One colour scheme of the palette in MUI's terms. */
const scheme = (colors: (typeof palette)['light' | 'dark']) => ({
  palette: {
    primary: { main: colors.primary, contrastText: colors.primaryContrast },
    secondary: { main: colors.secondary, contrastText: colors.secondaryContrast },
    footer: { main: colors.footer, contrastText: colors.footerContrast },
    background: { default: colors.background, paper: colors.paper },
  },
});

/**
 * For people who ask the system for reduced motion: MUI's menus, dialogs, drawers and collapses open
 * and close at once, without animating (nor waiting out an animation's time before they go).
 */
const withoutMotion = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

/** MUI's theme for the screens built with MUI components, from the same palette as the static stylesheets. */
export const theme = createTheme({
  ...(globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches && { transitions: withoutMotion }),
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: { light: scheme(palette.light), dark: scheme(palette.dark) },
  shape: { borderRadius: 8 },
  components: {
    MuiAppBar: { defaultProps: { enableColorOnDark: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
