import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { CloseIcon } from '../icons.js';
import { IconButton } from './Button.js';
import { classes } from './classes.js';

export type Severity = 'info' | 'success' | 'warning' | 'error';

interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  severity?: Severity;
  title?: ReactNode;
  /** A button or link at the end (Retry, Dismiss). */
  action?: ReactNode;
  /** Given, the band ends with a Close button (×) that calls it. */
  onClose?: () => void;
}

/** A message band in its severity's colour; announced (role alert) unless another role is given. */
export function Alert({ severity = 'info', title, action, onClose, className, children, role = 'alert', ...props }: AlertProps) {
  const end = onClose ? (
    <IconButton aria-label="Close" size="small" onClick={onClose}>
      <CloseIcon fontSize="small" />
    </IconButton>
  ) : (
    action
  );
  return (
    <div role={role} className={classes('pd-alert', `pd-alert--${severity}`, className)} {...props}>
      <div className="pd-alert-message">
        {title && <div className="pd-alert-title">{title}</div>}
        {children}
      </div>
      {end && <div className="pd-alert-action">{end}</div>}
    </div>
  );
}

export type ChipColour = 'default' | 'primary' | Severity;

interface ChipProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color'> {
  label: ReactNode;
  size?: 'small' | 'medium';
  color?: ChipColour;
  variant?: 'filled' | 'outlined';
  icon?: ReactNode;
}

/** A short label: a platform, a state. */
export function Chip({ label, size = 'medium', color = 'default', variant = 'filled', icon, className, ...props }: ChipProps) {
  return (
    <span className={classes('pd-chip', `pd-chip--${color}`, size === 'small' && 'pd-chip--small', variant === 'outlined' && 'pd-chip--outlined', className)} {...props}>
      {icon}
      {label}
    </span>
  );
}

interface SkeletonProps {
  variant?: 'text' | 'rectangular' | 'rounded';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** Holds the place of content still loading, at its size: nothing moves when it arrives. */
export function Skeleton({ variant = 'text', width, height, className }: SkeletonProps) {
  return <span aria-hidden className={classes('pd-skeleton', `pd-skeleton--${variant}`, className)} style={{ width, height }} />;
}

/** A spinning circle for a wait of unknown length. */
export function Spinner({ label, size = 40 }: { label: string; size?: number }) {
  return <span role="progressbar" aria-label={label} className="pd-spinner" style={{ width: size, height: size }} />;
}

/** A thin bar sweeping along while something loads. */
export function LinearProgress({ label, className }: { label: string; className?: string }) {
  return <span role="progressbar" aria-label={label} className={classes('pd-linear', className)} />;
}
