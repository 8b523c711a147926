import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** A yes/no field of a form: a checkbox with its label. */
export function CheckboxField<V extends FieldValues>({ control, name, label, sx }: { control: Control<V>; name: FieldPath<V>; label: string; sx?: SxProps<Theme> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel sx={sx} control={<Checkbox checked={field.value as boolean} onChange={(event) => field.onChange(event.target.checked)} />} label={label} />
      )}
    />
  );
}
