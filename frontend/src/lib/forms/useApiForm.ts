import { useRef, useState, type FormEvent } from 'react';
import { get, useForm, type DefaultValues, type FieldPath, type FieldPathValue, type FieldValues, type RegisterOptions, type Validate } from 'react-hook-form';
import { ApiError, newIdempotencyKey } from '../api/client.js';
import { CORRECT_MARKED_FIELDS, fieldUnder, mapFailure } from './apiErrors.js';

/** What the form says about its last submit: a refusal (with the messages no field shows) or a success. */
export interface FormStatus {
  failure: { message: string; others: string[] } | null;
  success: string | null;
}

/** A field as the form shows it: its label (messages name it), whether it must be filled, its help under it. */
export interface FieldSpec<V extends FieldValues, N extends FieldPath<V>> {
  label: string;
  required?: boolean;
  /** Shown under the field while it has no error. */
  help?: string;
  validate?: Validate<FieldPathValue<V, N>, V>;
  deps?: FieldPath<V>[];
}

export interface ApiFormOptions<V extends FieldValues, R> {
  defaultValues: DefaultValues<V>;
  /** Sends the values; `idempotencyKey` goes with the call (the same one when the submit is retried after no answer). */
  submit: (values: V, idempotencyKey: string) => Promise<R>;
  onSaved?: (saved: R, values: V) => void;
  /** "The game was not saved": the summary of a failure that names no field. */
  notSaved: string;
  /** Said after a save the API accepted (or null to say nothing for this answer). */
  saved?: string | ((saved: R) => string | null);
  /** The form field an API path belongs to; by default the labelled field the path is or lies below. */
  fieldOf?: (path: string, fields: readonly FieldPath<V>[]) => FieldPath<V> | null;
}

const isFilled = (value: unknown): boolean => {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
};

export const requiredMessage = (label: string) => `${label} is required`;

/** A call that got no answer (or a 5xx, which the server forgets): the retry of the same values may send the same key. */
const unanswered = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The one way to write a form (react-hook-form): fields declared with their labels, checks before anything is
 * sent (an empty required field says "<label> is required"), the API's 400 put beside the fields it names and
 * the rest in one summary, the busy flag, the Idempotency-Key reused when the same submit is retried after no
 * answer, and a success message only when the API accepted the save.
 */
export function useApiForm<V extends FieldValues, R>({ defaultValues, submit, onSaved, notSaved, saved, fieldOf }: ApiFormOptions<V, R>) {
  const form = useForm<V>({ defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { formState, register, setError } = form;
  const [status, setStatus] = useState<FormStatus>({ failure: null, success: null });
  const labels = useRef(new Map<FieldPath<V>, string>()).current;
  const pending = useRef<{ key: string; values: string } | null>(null);

  const rules = <N extends FieldPath<V>>(name: N, { label, required, validate, deps }: FieldSpec<V, N>): Pick<RegisterOptions<V, N>, 'validate' | 'deps'> => {
    labels.set(name, label);
    const checks: Record<string, Validate<FieldPathValue<V, N>, V>> = {};
    if (required) checks.required = (value) => isFilled(value) || requiredMessage(label);
    if (validate) checks.own = validate;
    return { validate: checks, deps };
  };

  const errorOf = (name: FieldPath<V>): string | undefined => (get(formState.errors, name) as { message?: string } | undefined)?.message;

  /** `error` and `helperText` for a field (MUI then sets aria-invalid and aria-describedby). */
  const feedback = (name: FieldPath<V>, help?: string) => ({ error: Boolean(errorOf(name)), helperText: errorOf(name) ?? help });

  /** Everything a MUI TextField needs for a registered field: label, required mark, value wiring and its message. */
  const text = <N extends FieldPath<V>>(name: N, spec: FieldSpec<V, N>) => {
    const { ref, ...registered } = register(name, rules(name, spec));
    return { label: spec.label, required: spec.required, ...registered, inputRef: ref, ...feedback(name, spec.help) };
  };

  /** `control`, `name` and `rules` for a `Controller` (selects, checkboxes, images and other fields MUI does not register). */
  const controlled = <N extends FieldPath<V>>(name: N, spec: FieldSpec<V, N>) => ({ control: form.control, name, rules: rules(name, spec) });

  const send = async (values: V) => {
    setStatus({ failure: null, success: null });
    const sent = JSON.stringify(values);
    const key = pending.current?.values === sent ? pending.current.key : newIdempotencyKey();
    pending.current = null;
    try {
      const answer = await submit(values, key);
      onSaved?.(answer, values);
      setStatus({ failure: null, success: typeof saved === 'function' ? saved(answer) : (saved ?? null) });
    } catch (error) {
      if (unanswered(error)) pending.current = { key, values: sent };
      const fields = [...labels.keys()];
      const mapped = mapFailure(error, {
        fieldOf: (path) => (fieldOf ? fieldOf(path, fields) : fieldUnder(fields, path)),
        labelOf: (field) => labels.get(field),
        notSaved,
      });
      for (const [field, message] of Object.entries(mapped.byField) as [FieldPath<V>, string][]) setError(field, { type: 'server', message });
      setStatus({ failure: { message: mapped.formMessage, others: mapped.others }, success: null });
    }
  };

  const onSubmit = (event?: FormEvent) => form.handleSubmit(send, () => setStatus({ failure: { message: CORRECT_MARKED_FIELDS, others: [] }, success: null }))(event);

  return { form, onSubmit, busy: formState.isSubmitting, status, setStatus, rules, text, controlled, feedback, errorOf };
}

export type ApiForm<V extends FieldValues, R = unknown> = ReturnType<typeof useApiForm<V, R>>;
