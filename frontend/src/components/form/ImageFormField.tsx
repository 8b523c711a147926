import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { ApiForm } from '../../lib/forms/useApiForm.js';
import { ImageField } from './ImageField.js';

/** An image of a `useApiForm` form (a `File | null` value: null keeps the current one), its message beside it. */
export function ImageFormField<V extends FieldValues>({
  form,
  name,
  label,
  shownAs = label,
  currentUrl,
}: {
  form: ApiForm<V>;
  name: FieldPath<V>;
  /** How messages name it. */
  label: string;
  /** The label shown, when it says more (e.g. "Banner (wide)"). */
  shownAs?: string;
  currentUrl?: string | null;
}) {
  return (
    <Controller
      {...form.controlled(name, { label })}
      render={({ field }) => <ImageField label={shownAs} file={field.value as File | null} onChange={field.onChange} currentUrl={currentUrl} error={form.errorOf(name)} />}
    />
  );
}
