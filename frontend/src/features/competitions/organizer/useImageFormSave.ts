import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { sortFailure } from './saveFailure.js';

interface ImageFormSave<V extends FieldValues, R> {
  handleSubmit: UseFormHandleSubmit<V>;
  setError: UseFormSetError<V>;
  /** Sends the form's values with the chosen icon and banner (null: keep the current one). */
  send: (values: V, icon: File | null, banner: File | null) => Promise<R>;
  onSaved: (saved: R) => void;
  /** The form's field for an API error path ('icon' and 'banner' for the images), or null for one it does not show. */
  fieldOf: (path: string) => FieldPath<V> | 'icon' | 'banner' | null;
  /** "The group was not saved". */
  notSaved: string;
}

/**
 * A form saved as a JSON part with an optional icon and banner (groups, competitions): the chosen
 * images, and a refused save's messages put beside the fields they are about, the rest in a summary.
 */
export function useImageFormSave<V extends FieldValues, R>({ handleSubmit, setError, send, onSaved, fieldOf, notSaved }: ImageFormSave<V, R>) {
  const [icon, setIcon] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [imageErrors, setImageErrors] = useState<{ icon?: string; banner?: string }>({});
  const [failure, setFailure] = useState<{ message: string; others: string[] } | null>(null);

  const save = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        onSaved(await send(values, icon, banner));
      } catch (error) {
        const { byField, others, message } = sortFailure(error, fieldOf, notSaved);
        const { icon: iconMessage, banner: bannerMessage, ...fields } = byField as Partial<Record<string, string>>;
        setImageErrors({ icon: iconMessage, banner: bannerMessage });
        for (const [field, text] of Object.entries(fields)) setError(field as FieldPath<V>, { type: 'server', message: text });
        setFailure({ message, others });
      }
    },
    () => setFailure({ message: 'Please correct the marked fields.', others: [] }),
  );

  return { save, icon, setIcon, banner, setBanner, imageErrors, failure };
}
