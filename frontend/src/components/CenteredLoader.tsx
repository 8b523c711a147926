import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function CenteredLoader({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' }} role="status">
      <CircularProgress aria-label={label} />
    </Box>
  );
}
