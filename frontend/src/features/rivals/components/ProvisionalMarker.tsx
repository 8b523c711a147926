import Chip from '@mui/material/Chip';

/** The marker of a time a steward has not verified yet (a console submission). */
export function ProvisionalMarker() {
  return <Chip size="small" variant="outlined" color="warning" label="Provisional" title="Not verified by a steward yet" sx={{ height: 20, fontSize: '0.7rem' }} />;
}
