import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { classes } from './classes.js';

export type TextVariant = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'subtitle1' | 'subtitle2' | 'body1' | 'body2' | 'caption' | 'overline';
export type Tone = 'secondary' | 'primary' | 'error';

const ELEMENT: Record<TextVariant, ElementType> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  subtitle1: 'h6',
  subtitle2: 'h6',
  body1: 'p',
  body2: 'p',
  caption: 'span',
  overline: 'span',
};

export interface TextProps extends HTMLAttributes<HTMLElement> {
  variant?: TextVariant;
  /** The element, when it differs from the variant's own (an h6-looking h2, a body2 div). */
  as?: ElementType;
  tone?: Tone;
  gutterBottom?: boolean;
  children?: ReactNode;
}

/** A run of text in one of the type scale's variants (MUI Typography's, in static CSS). */
export function Text({ variant = 'body1', as, tone, gutterBottom = false, className, ...props }: TextProps) {
  const Element = as ?? ELEMENT[variant];
  return <Element className={classes('pd-text', `pd-text--${variant}`, tone && `pd-tone--${tone}`, gutterBottom && 'pd-text--gutter', className)} {...props} />;
}
