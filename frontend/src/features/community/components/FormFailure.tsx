import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** A form's summary after a refused save, with messages for fields it does not show by name. */
export function FormFailure({ message, others }: { message: string | null; others: string[] }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
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
