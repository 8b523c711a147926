import type { ReactNode } from 'react';
import type { FormStatus } from '../../lib/forms/useApiForm.js';
import { Alert, classes } from '../ui/index.js';
import '../common.css';
import { FormFailure } from './FormFailure.js';

/** What a form says after its last submit: the refusal's summary, or the success (with `children` after it, e.g. a link). */
export function FormStatusMessage({ status, flush = false, children }: { status: FormStatus; flush?: boolean; children?: ReactNode }) {
  if (status.failure) return <FormFailure message={status.failure.message} others={status.failure.others} flush={flush} />;
  if (!status.success) return null;
  return (
    <Alert severity="success" role="status" className={classes(!flush && 'pd-form-status')}>
      {status.success}
      {children}
    </Alert>
  );
}
