import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What a list says when it has nothing to show, with an optional way on. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {children && (
        <Typography sx={{ mt: 1 }} component="div">
          {children}
        </Typography>
      )}
    </Paper>
  );
}
