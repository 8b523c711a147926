/** The league look (SPEC §9): purple, light purple, a teal footer; light or dark as the system prefers. */
export const palette = {
  light: {
    primary: '#6a1b9a',
    primaryContrast: '#ffffff',
    secondary: '#b39ddb',
    secondaryContrast: '#1a0033',
    footer: '#00695c',
    footerContrast: '#ffffff',
    error: '#d32f2f',
    warning: '#ed6c02',
    success: '#2e7d32',
    info: '#0288d1',
    background: '#faf7fc',
    paper: '#ffffff',
    text: 'rgba(0, 0, 0, 0.87)',
    textSecondary: 'rgba(0, 0, 0, 0.6)',
    divider: 'rgba(0, 0, 0, 0.12)',
    action: 'rgba(0, 0, 0, 0.08)',
  },
  dark: {
    primary: '#ce93d8',
    primaryContrast: '#1a0033',
    secondary: '#d1c4e9',
    secondaryContrast: '#1a0033',
    footer: '#004d40',
    footerContrast: '#ffffff',
    error: '#f44336',
    warning: '#ffa726',
    success: '#66bb6a',
    info: '#29b6f6',
    background: '#121212',
    paper: '#1e1e1e',
    text: '#ffffff',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    divider: 'rgba(255, 255, 255, 0.12)',
    action: 'rgba(255, 255, 255, 0.12)',
  },
} as const;

export type PaletteToken = keyof (typeof palette)['light'];

const kebab = (token: string) => token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const declarations = (scheme: (typeof palette)['light' | 'dark']) =>
  Object.entries(scheme)
    .map(([token, value]) => `--pd-${kebab(token)}:${value};`)
    .join('');

/** The palette as CSS custom properties (`--pd-primary`, `--pd-text-secondary`, …) for the static stylesheets. */
export function paletteCss(): string {
  return `:root{color-scheme:light dark;${declarations(palette.light)}}@media (prefers-color-scheme: dark){:root{${declarations(palette.dark)}}}`;
}

/** Puts the palette's custom properties on the page, once, before the first render. */
export function applyPalette(document: Document): void {
  if (document.getElementById('pd-palette')) return;
  const style = document.createElement('style');
  style.id = 'pd-palette';
  style.textContent = paletteCss();
  document.head.prepend(style);
}
