import { useState } from 'react';
import { refusedSave, type FieldMessages } from './ticketForm.js';

/** What a stewarding form says after a save: done, refused, or refused because its window closed. */
export interface FormMessage {
  severity: 'success' | 'error' | 'warning';
  text: string;
}

/**
 * A stewarding form's save: its own checks first (messages beside the fields, nothing sent), then the save,
 * then what happened: the text the save returns, or the refusal sorted onto the fields (a closed window as a warning).
 */
export function useCheckedSave() {
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (found: FieldMessages, save: () => Promise<string>, failed: string) => {
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const text = await save();
      setMessage({ severity: 'success', text });
    } catch (error) {
      const refused = refusedSave(error, failed);
      setErrors(refused.byField);
      setMessage({ severity: refused.outsideWindow ? 'warning' : 'error', text: refused.message });
    } finally {
      setSaving(false);
    }
  };
  return { errors, setErrors, message, saving, run };
}
