import type { InputHTMLAttributes, ReactNode } from 'react';
import { classes } from './classes.js';

interface CheckProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The words beside the box; without them give the box an `aria-label`. */
  label?: ReactNode;
  /** An on/off switch (announced as a switch) rather than a box to tick. */
  toggle?: boolean;
}

/** A checkbox (or a switch) with its label; clicking the words ticks it. */
export function Check({ label, toggle = false, className, ...props }: CheckProps) {
  const input = <input type="checkbox" role={toggle ? 'switch' : undefined} className={classes('pd-check-box', toggle && 'pd-check-box--switch')} {...props} />;
  if (label === undefined) return input;
  return (
    <label className={classes('pd-check', props.disabled && 'pd-check--disabled', className)}>
      {input}
      <span>{label}</span>
    </label>
  );
}
