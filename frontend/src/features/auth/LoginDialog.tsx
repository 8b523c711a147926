import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useAtomValue } from 'jotai';
import { configAtom } from '../site/index.js';

/**
 * SPEC §2: Login goes to the community sign-in, Join to the community invite. On phones Join comes first.
 * `reason` says why the visitor was sent here (a screen that needs signing in).
 */
export function LoginDialog({ open, onClose, reason = null }: { open: boolean; onClose: () => void; reason?: string | null }) {
  const { leagueName, discord } = useAtomValue(configAtom);
  const stacked = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const login = (
    <Button key="login" variant="contained" href={discord.authUrl} fullWidth={stacked}>
      Login
    </Button>
  );
  const join = (
    <Button key="join" variant="outlined" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" fullWidth={stacked}>
      Join
    </Button>
  );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="login-dialog-title" aria-describedby="login-dialog-text">
      <DialogTitle id="login-dialog-title">Login / Join</DialogTitle>
      <DialogContent>
        {reason && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {reason}
          </Alert>
        )}
        <DialogContentText id="login-dialog-text">
          {leagueName} is an international, friendly weekly sim-racing league whose community lives on Discord. Sign in with the Discord account you joined our server with —
          or join the server first, then log in. No separate registration needed.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={stacked ? { flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 3, pb: 3, '& > :not(style) ~ :not(style)': { ml: 0 } } : { px: 3, pb: 2 }}>
        {stacked ? [join, login] : [login, join]}
      </DialogActions>
    </Dialog>
  );
}
