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

const { light, dark } = palette;

/** MUI's theme for the screens built with MUI components, from the same palette as the static stylesheets. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: light.primary, contrastText: light.primaryContrast },
        secondary: { main: light.secondary, contrastText: light.secondaryContrast },
        footer: { main: light.footer, contrastText: light.footerContrast },
        background: { default: light.background, paper: light.paper },
      },
    },
    dark: {
      palette: {
        primary: { main: dark.primary, contrastText: dark.primaryContrast },
        secondary: { main: dark.secondary, contrastText: dark.secondaryContrast },
        footer: { main: dark.footer, contrastText: dark.footerContrast },
        background: { default: dark.background, paper: dark.paper },
      },
    },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiAppBar: { defaultProps: { enableColorOnDark: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
