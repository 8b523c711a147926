import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.js';
import { LoadFailed } from './LoadFailed.js';
import { PageTitle } from './PageTitle.js';
import { Container } from './ui/index.js';

interface MessagePageProps {
  /** The way back, above the heading. */
  before?: ReactNode;
  heading: string;
  title: string;
  /** For a page whose read failed: Try again. */
  onRetry?: () => void;
  children?: ReactNode;
}

/** A page that has only a message to show (a record not found, or not loaded). */
export function MessagePage({ before, heading, title, onRetry, children }: MessagePageProps) {
  return (
    <Container maxWidth="md" page>
      {before}
      <PageTitle>{heading}</PageTitle>
      {onRetry ? <LoadFailed title={title} onRetry={onRetry} /> : <EmptyState title={title}>{children}</EmptyState>}
    </Container>
  );
}
