import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { Check, CheckGroup } from '../ui/index.js';

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
  return (
    <CheckGroup legend={label} row error={Boolean(error)} helperText={error ?? help}>
      {options.map((platform) => (
        <Check
          key={platform}
          label={labels[platform]}
          checked={value.includes(platform)}
          onChange={(event) => onChange(event.target.checked ? [...value, platform] : value.filter((p) => p !== platform))}
        />
      ))}
    </CheckGroup>
  );
}
