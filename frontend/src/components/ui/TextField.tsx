import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { classes } from './classes.js';

interface FieldLook {
  label: ReactNode;
  /** Shown under the field: the error's message when `error`, else help. */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  className?: string;
}

type InputProps = FieldLook & Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & { inputRef?: Ref<HTMLInputElement>; multiline?: false; select?: false };
type TextareaProps = FieldLook & TextareaHTMLAttributes<HTMLTextAreaElement> & { inputRef?: Ref<HTMLTextAreaElement>; multiline: true; select?: false; minRows?: number };
/** A select's options are its `<option>` children. */
type SelectProps = FieldLook & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & { inputRef?: Ref<HTMLSelectElement>; select: true; multiline?: false };

export type TextFieldProps = InputProps | TextareaProps | SelectProps;

/**
 * A labelled field with its help or error under it (MUI TextField's outlined look in static CSS). Takes what
 * `useApiForm`'s `form.text(…)` gives (label, required, the registration with `inputRef`, error and helperText)
 * and sets `aria-invalid` and `aria-describedby` from them. `multiline` makes it a textarea, `select` a select.
 */
export function TextField(props: TextFieldProps) {
  const generated = useId();
  // One destructuring for the three kinds: the union's own checks are at the call site.
  const {
    label,
    helperText,
    error = false,
    size = 'medium',
    fullWidth = false,
    className,
    id = generated,
    inputRef,
    multiline,
    select,
    minRows = 3,
    ...attributes
  } = props as InputProps & Omit<TextareaProps, 'multiline'> & { multiline?: boolean; select?: boolean };
  const helpId = `${id}-help`;
  const control = {
    ...attributes,
    id,
    'aria-invalid': error || undefined,
    'aria-describedby': helperText ? helpId : undefined,
    className: classes('pd-input', size === 'small' && 'pd-input--small', multiline && 'pd-input--multiline', select && 'pd-input--select'),
  };
  return (
    <div className={classes('pd-field', fullWidth && 'pd-field--full', error && 'pd-field--error', className)}>
      <label htmlFor={id} className="pd-field-label">
        {label}
        {attributes.required && <span aria-hidden> *</span>}
      </label>
      {select ? (
        <select {...(control as SelectHTMLAttributes<HTMLSelectElement>)} ref={inputRef as Ref<HTMLSelectElement>} />
      ) : multiline ? (
        <textarea rows={minRows} {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} ref={inputRef as Ref<HTMLTextAreaElement>} />
      ) : (
        <input {...control} ref={inputRef as Ref<HTMLInputElement>} />
      )}
      {helperText && (
        <p id={helpId} className="pd-field-help">
          {helperText}
        </p>
      )}
    </div>
  );
}
