import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { Button, Container } from '../../../components/ui/index.js';
import { ApiError } from '../../../lib/api/client.js';
import './eventDetails.css';

/** Whether an event's read failed for another reason than the event not existing (network, server). */
export function eventLoadFailed(error: unknown): boolean {
  return error !== null && !(error instanceof ApiError && error.status === 404);
}

/** An event page whose read failed for another reason than a missing event: says so, with Try again. */
export function EventLoadFailure({ onRetry, before }: { onRetry: () => void; before?: ReactNode }) {
  return (
    <Container maxWidth="md" page>
      {before}
      <PageTitle>This event could not be loaded</PageTitle>
      <EmptyState title="The server did not answer as it should">
        <Button onClick={onRetry} className="pd-event-way-on">
          Try again
        </Button>
      </EmptyState>
    </Container>
  );
}
