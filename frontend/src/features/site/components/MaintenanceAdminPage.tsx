import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { siteQueries, useSetMaintenance } from '../api.js';

/** Admin-Maintenance: turn maintenance mode on or off, each after a confirmation; every open browser follows at once. */
export default function MaintenanceAdminPage() {
  const setMaintenance = useSetMaintenance();
  const maintenance = useQuery(siteQueries.maintenance());
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (enabled: boolean) => setMaintenance(enabled),
    onSuccess: () => setConfirming(false),
    onError: () => setConfirming(false),
  });

  if (maintenance.isPending) return <CenteredLoader label="Loading maintenance mode" />;
  const enabled = maintenance.data?.enabled ?? false;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>Maintenance mode</PageTitle>
      {maintenance.isError ? (
        <Alert severity="error">Whether maintenance mode is on could not be read. Try again in a moment.</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2 }}>
          <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="span">Maintenance mode is</Typography>
            <Chip label={enabled ? 'On' : 'Off'} color={enabled ? 'warning' : 'success'} variant={enabled ? 'filled' : 'outlined'} />
          </Box>
          <Typography color="text.secondary">
            {enabled
              ? 'Drivers and visitors see the “Website under maintenance” page. Staff (stewards, organizers, admins) still see the site.'
              : 'While it is on, drivers and visitors see only a “Website under maintenance” page with the Discord link; staff still see the site.'}
          </Typography>
          {change.isError && (
            <Alert severity="error">{failureMessage(change.error, enabled ? 'Maintenance mode was not turned off' : 'Maintenance mode was not turned on')}</Alert>
          )}
          <Box>
            <Button variant="contained" color={enabled ? 'primary' : 'error'} onClick={() => setConfirming(true)}>
              {enabled ? 'Turn maintenance mode off' : 'Turn maintenance mode on'}
            </Button>
          </Box>
        </Paper>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="maintenance-confirm-title" maxWidth="sm" fullWidth>
        <DialogTitle id="maintenance-confirm-title">{enabled ? 'Open the site again?' : 'Close the site for maintenance?'}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {enabled
              ? 'Everyone sees the site again at once, in every open browser.'
              : 'Every driver and visitor sees the maintenance page at once, in every open browser, until you turn it off again.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" color={enabled ? 'primary' : 'error'} disabled={change.isPending} onClick={() => change.mutate(!enabled)}>
            {enabled ? 'Turn off' : 'Turn on'}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
