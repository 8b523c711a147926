import Chip from '@mui/material/Chip';

/** The marker of a time a steward has not verified yet (a console submission): dark text on any band's tint, an amber outline. */
export function ProvisionalMarker() {
  return (
    <Chip
      size="small"
      variant="outlined"
      label="Provisional"
      title="Not verified by a steward yet"
      sx={{ height: 20, fontSize: '0.7rem', color: 'text.primary', borderColor: 'warning.main', borderWidth: 2 }}
    />
  );
}
