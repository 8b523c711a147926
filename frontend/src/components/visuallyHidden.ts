import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Text for screen readers only. Its container must be positioned (`position: relative`): inside a
 * scrolling table it would otherwise widen the page to where its cell scrolled.
 */
export const visuallyHidden: SxProps<Theme> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
