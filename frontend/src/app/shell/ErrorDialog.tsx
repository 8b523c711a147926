import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { onApiError } from '../../lib/api/client.js';
import type { ApiErrorNotice } from '../../lib/api/errorBody.js';
import { ExpandLessIcon, ExpandMoreIcon } from '../../components/icons.js';

function formatTime(time: string): string {
  const parsed = new Date(time);
  return Number.isNaN(parsed.getTime()) ? time : parsed.toLocaleString();
}

/** The global Error dialog of SPEC §8: opens for every api_error, one at a time. */
export function ErrorDialog() {
  const [queue, setQueue] = useState<ApiErrorNotice[]>([]);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const current = queue[0];

  useEffect(() => onApiError((notice) => setQueue((waiting) => [...waiting, notice])), []);

  const close = () => {
    setDetailsOpen(false);
    setQueue((waiting) => waiting.slice(1));
  };

  return (
    <Dialog open={!!current} onClose={close} maxWidth="sm" fullWidth aria-labelledby={`${detailsId}-title`}>
      <DialogTitle id={`${detailsId}-title`}>Error</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{current?.message}</Typography>
        <Button
          size="small"
          onClick={() => setDetailsOpen((open) => !open)}
          aria-expanded={detailsOpen}
          aria-controls={detailsId}
          endIcon={detailsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          Details
        </Button>
        <Collapse in={detailsOpen} id={detailsId}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Time: {current ? formatTime(current.time) : ''}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            URL: {current?.url}
          </Typography>
        </Collapse>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained" autoFocus>
          Ok
        </Button>
      </DialogActions>
    </Dialog>
  );
}
