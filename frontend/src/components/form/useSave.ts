import { useState } from 'react';
import { errorsFor, otherErrors, SaveFailure, type FieldErrors } from './saveWithImage.js';

/**
 * A form's save: busy flag, the API's field errors (shown beside their fields, `shown` names those the form shows)
 * and a summary message; a failure that is not a `SaveFailure` reads "Saving failed".
 */
export function useSave<T>(save: () => Promise<T>, onSaved: (saved: T) => void, shown: RegExp) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = () => {
    setBusy(true);
    setMessage(null);
    save()
      .then((saved) => {
        setErrors({});
        onSaved(saved);
      })
      .catch((error: unknown) => {
        const failure = error instanceof SaveFailure ? error : new SaveFailure(0, 'Saving failed', {});
        setErrors(failure.fieldErrors);
        setMessage(Object.keys(failure.fieldErrors).length ? 'Please correct the marked fields.' : failure.message);
      })
      .finally(() => setBusy(false));
  };
  return {
    busy,
    submit,
    message,
    fieldError: (field: string, nested = false) => errorsFor(errors, field, nested),
    others: otherErrors(errors, (path) => shown.test(path)),
  };
}
