import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
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

interface CheckGroupProps {
  /** What the boxes choose among, read out before each box. */
  legend: ReactNode;
  children: ReactNode;
  /** A hint under the boxes, or what is wrong with the choice (then shown as an error, the group marked invalid). */
  helperText?: ReactNode;
  error?: boolean;
  /** Lay the boxes side by side, wrapping, rather than one a line. */
  row?: boolean;
  className?: string;
}

/** Checkboxes (or switches) that answer one question, under its legend. */
export function CheckGroup({ legend, children, helperText, error = false, row = false, className }: CheckGroupProps) {
  const helperId = useId();
  return (
    <fieldset
      className={classes('pd-check-group', error && 'pd-field--error', className)}
      aria-invalid={error || undefined}
      aria-describedby={helperText ? helperId : undefined}
    >
      <legend className="pd-check-group-legend">{legend}</legend>
      <div className={classes('pd-check-group-boxes', row && 'pd-check-group-boxes--row')}>{children}</div>
      {helperText && (
        <p id={helperId} className="pd-field-help">
          {helperText}
        </p>
      )}
    </fieldset>
  );
}
