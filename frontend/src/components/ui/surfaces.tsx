import type { ElementType, HTMLAttributes, ImgHTMLAttributes } from 'react';
import { classes } from './classes.js';

interface SurfaceProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  /** A border (the default) or a shadow. */
  variant?: 'outlined' | 'elevated';
}

/** A sheet the content sits on. */
export function Paper({ as: Element = 'div', variant = 'outlined', className, ...props }: SurfaceProps) {
  return <Element className={classes('pd-paper', `pd-paper--${variant}`, className)} {...props} />;
}

/** A card: a Paper whose picture reaches its edges. */
export function Card({ className, ...props }: SurfaceProps) {
  return <Paper className={classes('pd-card', className)} {...props} />;
}

export function CardMedia({ className, alt = '', ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  return <img className={classes('pd-card-media', className)} alt={alt} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={classes('pd-card-content', className)} {...props} />;
}

export function CardActions({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={classes('pd-card-actions', className)} {...props} />;
}

interface ContainerProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  /** A page's own room above and below (24 px). */
  page?: boolean;
}

/** Centres content at a readable width, with the page's side padding. */
export function Container({ as: Element = 'div', maxWidth = 'lg', page = false, className, ...props }: ContainerProps) {
  return <Element className={classes('pd-container', `pd-container--${maxWidth}`, page && 'pd-page', className)} {...props} />;
}
