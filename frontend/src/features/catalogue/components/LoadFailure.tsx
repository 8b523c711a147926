import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { ApiError } from '../../../lib/api/client.js';

/** A read that failed because the record does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A record's page whose read failed for another reason (network, server). */
export function LoadFailure({ what, back }: { what: string; back: string }) {
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>{`This ${what} could not be loaded`}</PageTitle>
      <EmptyState title="Try again in a moment">
        <Button component={RouterLink} to={back}>
          Back to the list
        </Button>
      </EmptyState>
    </Container>
  );
}
