import type { ReactNode } from 'react';
import { Alert, Button, ButtonLink, Container } from '../../../components/ui/index.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { ApiError } from '../../../lib/api/client.js';
import { GraphqlError } from '../../../lib/graphql.js';

/** A read that failed because the record does not exist (or the id names none); `field`: only when that GraphQL field found nothing. */
export function isNotFound(error: unknown, field?: string): boolean {
  if (error instanceof GraphqlError) return error.errors.some((item) => item.extensions?.code === 'NOT_FOUND' && (field === undefined || item.path?.[0] === field));
  return error instanceof ApiError && error.status === 404;
}

/** Why a read failed, in words a visitor can act on. */
export function loadFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return 'The server could not be reached. Check your connection and try again.';
  if (error instanceof ApiError && error.status === 403) return 'Your account may not see this.';
  return 'The server did not answer as it should. Try again in a moment.';
}

/** A page whose record does not exist: says so, with a way on. */
export function NotFoundState({ title, message, back, backLabel, before }: { title: string; message: string; back: string; backLabel: string; before?: ReactNode }) {
  return (
    <Container maxWidth="md" page>
      {before}
      <PageTitle>{title}</PageTitle>
      <EmptyState title={message}>
        <ButtonLink to={back}>{backLabel}</ButtonLink>
      </EmptyState>
    </Container>
  );
}

/** A page whose read failed for another reason than a missing record: says why, with Try again. */
export function LoadFailureState({ what, error, onRetry, before }: { what: string; error: unknown; onRetry: () => void; before?: ReactNode }) {
  return (
    <Container maxWidth="md" page>
      {before}
      <PageTitle>{`The ${what} could not be loaded`}</PageTitle>
      <EmptyState title={loadFailureText(error)}>
        <Button onClick={onRetry}>Try again</Button>
      </EmptyState>
    </Container>
  );
}

/** A part of a page whose read failed: a line saying so, with Try again. */
export function InlineFailure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {`The ${what} could not be loaded. ${loadFailureText(error)}`}
    </Alert>
  );
}
