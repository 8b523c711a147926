import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { classes } from './classes.js';

export interface ButtonLook {
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'inherit' | 'error';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

function buttonClass({ variant = 'text', color = 'primary', size = 'medium', fullWidth = false }: ButtonLook, className?: string) {
  return classes('pd-btn', `pd-btn--${variant}`, color !== 'primary' && `pd-btn--${color}`, size !== 'medium' && `pd-btn--${size}`, fullWidth && 'pd-btn--full', className);
}

function Content({ startIcon, endIcon, children }: { startIcon?: ReactNode; endIcon?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {startIcon && <span className="pd-btn-icon">{startIcon}</span>}
      {children}
      {endIcon && <span className="pd-btn-icon">{endIcon}</span>}
    </>
  );
}

type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>;

/** A button in MUI's three looks. */
export function Button({ variant, color, size, fullWidth, startIcon, endIcon, className, children, type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, color, size, fullWidth }, className)} {...props}>
      <Content startIcon={startIcon} endIcon={endIcon}>
        {children}
      </Content>
    </button>
  );
}

/** A link inside the site that looks like a button. */
export function ButtonLink({ variant, color, size, fullWidth, startIcon, endIcon, className, children, ...props }: ButtonLook & LinkProps) {
  return (
    <Link className={buttonClass({ variant, color, size, fullWidth }, className)} {...props}>
      <Content startIcon={startIcon} endIcon={endIcon}>
        {children}
      </Content>
    </Link>
  );
}

/** A link out of the site (Discord, a stream) that looks like a button. */
export function ButtonAnchor({ variant, color, size, fullWidth, startIcon, endIcon, className, children, ...props }: ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={buttonClass({ variant, color, size, fullWidth }, className)} {...props}>
      <Content startIcon={startIcon} endIcon={endIcon}>
        {children}
      </Content>
    </a>
  );
}

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { 'aria-label': string; size?: 'small' | 'medium'; edge?: 'start' | 'end' };

/** A round button holding only an icon; its label says what it does. */
export function IconButton({ size = 'medium', edge, className, type = 'button', ...props }: IconButtonProps) {
  return <button type={type} className={classes('pd-icon-btn', size === 'small' && 'pd-icon-btn--small', edge && `pd-icon-btn--edge-${edge}`, className)} {...props} />;
}

/** An icon-only link out of the site (the footer's channels). */
export function IconAnchor({ className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { 'aria-label': string }) {
  return <a className={classes('pd-icon-btn', className)} {...props} />;
}
