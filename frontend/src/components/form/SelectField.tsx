import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { ApiForm, FieldSpec } from '../../lib/forms/useApiForm.js';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

type SelectFieldProps<V extends FieldValues> = {
  form: ApiForm<V>;
  name: FieldPath<V>;
  label: string;
  required?: boolean;
  /** Shown under the choice while it has no error. */
  help?: string;
  options: SelectOption[];
  /** Called with the value chosen, after the form has it (e.g. to clear what depended on the old one). */
  onChosen?: (value: string) => void;
} & Pick<FieldSpec<V, FieldPath<V>>, 'validate' | 'deps'> &
  Omit<TextFieldProps, 'form' | 'name' | 'label' | 'required' | 'select' | 'value' | 'onChange' | 'error' | 'helperText'>;

/** A choice of a `useApiForm` form: its label, its required mark and check, and its message beside it. */
export function SelectField<V extends FieldValues>({ form, name, label, required, help, options, onChosen, validate, deps, ...props }: SelectFieldProps<V>) {
  return (
    <Controller
      {...form.controlled(name, { label, required, validate, deps })}
      render={({ field }) => (
        <TextField
          {...props}
          select
          label={label}
          required={required}
          name={field.name}
          value={field.value as string}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event.target.value);
            onChosen?.(event.target.value);
          }}
          {...form.feedback(name, help)}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
