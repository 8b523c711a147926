import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { pointsSystemSummary } from '../labels.js';
import type { PointsSystem } from '../types.js';

/** How a season scores, in short lines: the tables, bonuses, minimum distance, drops, no-shows, DNFs and teams. */
export function PointsSystemPanel({ pointsSystem, rules }: { pointsSystem: PointsSystem; rules: string | null }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="points-title" sx={{ p: 2 }}>
      <Typography id="points-title" variant="h6" component="h2" gutterBottom>
        How points are scored
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
        {pointsSystemSummary(pointsSystem).map(({ label, text }) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
      {rules && (
        <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
          {rules}
        </Typography>
      )}
    </Paper>
  );
}
