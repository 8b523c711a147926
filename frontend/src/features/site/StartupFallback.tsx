import { Logo } from '../../components/Logo.js';
import { Button, Container, Text } from '../../components/ui/index.js';
import './siteScreens.css';

/** Shown instead of the shell when the league API could not be reached at start-up. */
export function StartupFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <Container as="main" maxWidth="sm" className="pd-site-screen">
      <div className="pd-site-screen-logo">
        <Logo size={96} />
      </div>
      <Text variant="h4" as="h1" gutterBottom>
        We can’t reach the league right now
      </Text>
      <Text className="pd-site-screen-text">
        The paddock is not answering. It may be a short pit stop on our side or a hiccup in your connection. Please try again in a moment.
      </Text>
      <Button variant="contained" size="large" onClick={onRetry}>
        Retry
      </Button>
    </Container>
  );
}
