import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/**
 * A form's summary after a refused save, with messages for fields it does not show by name.
 * Set apart from the field above it unless `flush` (forms that space their fields themselves).
 */
export function FormFailure({ message, others = [], flush = false }: { message: string | null; others?: string[]; flush?: boolean }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={flush ? undefined : { mt: 2 }}>
      {message}
      {others.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {others.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
