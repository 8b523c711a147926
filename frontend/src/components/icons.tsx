import type { ReactNode } from 'react';
import { classes } from './ui/classes.js';

interface IconProps {
  fontSize?: 'small' | 'medium' | 'inherit';
  className?: string;
}

/** A Material icon as a plain inline SVG: decorative, sized by the text around it (1em, 24 px by default). */
function createSvgIcon(path: ReactNode, name: string) {
  const Icon = ({ fontSize = 'medium', className }: IconProps) => (
    <svg className={classes('pd-icon', fontSize !== 'medium' && `pd-icon--${fontSize}`, className)} viewBox="0 0 24 24" aria-hidden focusable="false" data-icon={name}>
      {path}
    </svg>
  );
  Icon.displayName = `${name}Icon`;
  return Icon;
}

// A handful of Material icons inlined so the client needs no icon package.
export const CloseIcon = createSvgIcon(<path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />, 'Close');
export const MenuIcon = createSvgIcon(<path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />, 'Menu');
export const ExpandMoreIcon = createSvgIcon(<path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />, 'ExpandMore');
export const ExpandLessIcon = createSvgIcon(<path d="m12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z" />, 'ExpandLess');
export const LiveIcon = createSvgIcon(
  <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8M4.93 4.93l1.41 1.41A7.96 7.96 0 0 0 4 12c0 2.21.9 4.21 2.34 5.66l-1.41 1.41A9.97 9.97 0 0 1 2 12c0-2.76 1.12-5.26 2.93-7.07m14.14 0A9.97 9.97 0 0 1 22 12c0 2.76-1.12 5.26-2.93 7.07l-1.41-1.41A7.96 7.96 0 0 0 20 12c0-2.21-.9-4.21-2.34-5.66z" />,
  'Live',
);
export const BellIcon = createSvgIcon(
  <path d="M12 22c1.1 0 2-.9 2-2h-4a2 2 0 0 0 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z" />,
  'Bell',
);
export const FlagIcon = createSvgIcon(<path d="M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z" />, 'Flag');
export const GroupIcon = createSvgIcon(
  <path d="M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3m-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5m8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5" />,
  'Group',
);
export const ShortVideoIcon = createSvgIcon(<path d="M17 2H7c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h10c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-7 14V8l6 4z" />, 'ShortVideo');
export const VideoIcon = createSvgIcon(<path d="M21 3H3c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h5v2h8v-2h5c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 14H3V5h18zm-5-6-7 4V7z" />, 'Video');
export const LiveStreamIcon = createSvgIcon(<path d="M17 10.5V7c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h12c.55 0 1-.45 1-1v-3.5l4 4v-11z" />, 'LiveStream');
export const ChatIcon = createSvgIcon(<path d="M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M8 11H6V9h2zm5 0h-2V9h2zm5 0h-2V9h2z" />, 'Chat');
export const ChevronLeftIcon = createSvgIcon(<path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />, 'ChevronLeft');
export const ChevronRightIcon = createSvgIcon(<path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />, 'ChevronRight');
export const PlayIcon = createSvgIcon(<path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 14.5v-9l6 4.5z" />, 'Play');
