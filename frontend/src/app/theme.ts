import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    footer: Palette['primary'];
  }
  interface PaletteOptions {
    footer?: PaletteOptions['primary'];
  }
}

/** The league look (SPEC §9): purple, light purple, a teal footer; light or dark as the system prefers. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#6a1b9a', contrastText: '#ffffff' },
        secondary: { main: '#b39ddb', contrastText: '#1a0033' },
        footer: { main: '#00695c', contrastText: '#ffffff' },
        background: { default: '#faf7fc' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#ce93d8', contrastText: '#1a0033' },
        secondary: { main: '#d1c4e9', contrastText: '#1a0033' },
        footer: { main: '#004d40', contrastText: '#ffffff' },
      },
    },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiAppBar: { defaultProps: { enableColorOnDark: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
