import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ApiErrorNotice } from '../../lib/api/errorBody.js';
import { ExpandLessIcon, ExpandMoreIcon } from '../../components/icons.js';

function formatTime(time: string): string {
  const parsed = new Date(time);
  return Number.isNaN(parsed.getTime()) ? time : parsed.toLocaleString();
}

/** The Error dialog showing `notice` (SPEC §8); closed while there is none. */
export function ErrorDialogView({ notice, onClose }: { notice: ApiErrorNotice | undefined; onClose: () => void }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();

  const close = () => {
    setDetailsOpen(false);
    onClose();
  };

  return (
    <Dialog open={!!notice} onClose={close} maxWidth="sm" fullWidth aria-labelledby={`${detailsId}-title`}>
      <DialogTitle id={`${detailsId}-title`}>Error</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{notice?.message}</Typography>
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
            Time: {notice ? formatTime(notice.time) : ''}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            URL: {notice?.url}
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
