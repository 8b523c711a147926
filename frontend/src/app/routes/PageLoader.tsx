import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * Shown while a screen's chunk downloads. It fills the screen below the header, so the footer stays
 * out of view and nothing visible moves when the screen arrives (no layout shift).
 */
export function PageLoader() {
  return (
    <Box role="status" sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', pt: '25vh' }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
