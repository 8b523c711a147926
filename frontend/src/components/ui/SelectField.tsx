import { useId, type SelectHTMLAttributes } from 'react';
import { classes } from './classes.js';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The label above the field (a form) or beside it (a list footer's page size). */
  labelPlacement?: 'above' | 'beside';
}

/** A labelled choice of a few options: the browser's own select, which phones show as their native picker. */
export function SelectField({ label, options, labelPlacement = 'above', className, id, ...props }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <span className={classes('pd-select-field', `pd-select-field--${labelPlacement}`, className)}>
      <label htmlFor={fieldId} className="pd-select-label">
        {label}
      </label>
      <select id={fieldId} className="pd-select" {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
