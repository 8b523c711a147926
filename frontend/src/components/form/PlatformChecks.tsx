import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';

/** Tick platforms (SPEC §9: PC, Xbox, PlayStation). */
export function PlatformChecks({
  label,
  value,
  onChange,
  error,
  options = PLATFORMS,
  labels,
  help,
}: {
  label: string;
  value: Platform[];
  onChange: (next: Platform[]) => void;
  error?: string;
  options?: readonly Platform[];
  /** How each platform is named. */
  labels: Readonly<Record<Platform, string>>;
  /** Shown under the boxes while there is no error. */
  help?: string;
}) {
  const errorId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} aria-invalid={Boolean(error)} aria-describedby={error || help ? errorId : undefined}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {options.map((platform) => (
          <FormControlLabel
            key={platform}
            label={labels[platform]}
            control={
              <Checkbox checked={value.includes(platform)} onChange={(event) => onChange(event.target.checked ? [...value, platform] : value.filter((p) => p !== platform))} />
            }
          />
        ))}
      </FormGroup>
      {(error || help) && <FormHelperText id={errorId}>{error ?? help}</FormHelperText>}
    </FormControl>
  );
}
