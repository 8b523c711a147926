import { SaveFailure } from '../../../components/form/saveWithImage.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';

/** A refused save, sorted for a form: messages by the form's own field names, the rest as lines, and the summary. */
export interface SortedFailure<F extends string> {
  byField: Partial<Record<F, string>>;
  others: string[];
  message: string;
}

export function sortFailure<F extends string>(error: unknown, fieldOf: (path: string) => F | null, fallback: string): SortedFailure<F> {
  if (!(error instanceof SaveFailure)) return { byField: {}, others: [], message: failureMessage(error, fallback) };
  const byField: Partial<Record<F, string>> = {};
  const others: string[] = [];
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(path);
    if (field) byField[field] = [byField[field], ...messages].filter(Boolean).join('; ');
    else others.push(...messages.map((text) => `${path}: ${text}`));
  }
  const marked = Object.keys(byField).length > 0 || others.length > 0;
  const message = marked ? 'Please correct the marked fields.' : `${fallback}: ${error.message}`;
  return { byField, others, message };
}
