import { EmptyState } from './EmptyState.js';
import { Button } from './ui/index.js';

/** A read that failed: says what could not be loaded, with Try again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <EmptyState title={title}>
      <Button onClick={onRetry}>Try again</Button>
    </EmptyState>
  );
}
