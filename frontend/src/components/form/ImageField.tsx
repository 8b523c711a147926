import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';

export interface ImageFieldProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The current image's URL, shown until a new file is chosen. */
  currentUrl?: string | null;
  error?: string;
}

/** Choose an image to upload (the API re-encodes it to webp and refuses anything that is not an image). */
export function ImageField({ label, file, onChange, currentUrl, error }: ImageFieldProps) {
  const inputId = useId();
  const helpId = useId();
  return (
    <Box>
      <Typography component="label" htmlFor={inputId} variant="body2" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {currentUrl && !file && <Box component="img" src={currentUrl} alt="" sx={{ width: 40, height: 40, objectFit: 'contain' }} />}
        <input
          key={file ? 'chosen' : 'empty'}
          id={inputId}
          type="file"
          accept="image/*"
          aria-describedby={helpId}
          aria-invalid={Boolean(error)}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        {file && (
          <Button size="small" onClick={() => onChange(null)}>
            Clear
          </Button>
        )}
      </Box>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? 'Optional; any common image format'}
      </FormHelperText>
    </Box>
  );
}
