import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Logo } from '../../components/Logo.js';

/** Shown instead of the shell when the league API could not be reached at start-up. */
export function StartupFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
        <Logo size={96} />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        We can’t reach the league right now
      </Typography>
      <Typography sx={{ mb: 4 }}>
        The paddock is not answering. It may be a short pit stop on our side or a hiccup in your connection. Please try again in a moment.
      </Typography>
      <Button variant="contained" size="large" onClick={onRetry}>
        Retry
      </Button>
    </Container>
  );
}
