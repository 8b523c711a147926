import type { AnchorHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { classes } from './classes.js';

/** `inherit` takes the surrounding text's colour and underlines on hover only (a card's title). */
type LinkLook = { look?: 'primary' | 'inherit' };

const linkClass = (look: LinkLook['look'], className?: string) => classes('pd-link', look === 'inherit' && 'pd-link--inherit', className);

/** A link inside the site, in running text. */
export function TextLink({ look = 'primary', className, ...props }: LinkLook & LinkProps) {
  return <Link className={linkClass(look, className)} {...props} />;
}

/** A link out of the site, in running text. */
export function TextAnchor({ look = 'primary', className, ...props }: LinkLook & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={linkClass(look, className)} {...props} />;
}
