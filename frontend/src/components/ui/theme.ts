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

/** MUI's theme for the screens built with MUI components, from the same palette as the static stylesheets. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: { light: scheme(palette.light), dark: scheme(palette.dark) },
  shape: { borderRadius: 8 },
  components: {
    MuiAppBar: { defaultProps: { enableColorOnDark: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
