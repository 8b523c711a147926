import { useState } from 'react';
import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../features/auth/atoms.js';
import { LoginDialog } from '../../features/auth/LoginDialog.js';
import { UserMenu } from '../../features/auth/UserMenu.js';

/** Right end of the header: 'Login / Join' for visitors, the user menu once signed in. */
export function AccountArea() {
  const { loggedIn } = useAtomValue(sessionAtom);
  const [dialogOpen, setDialogOpen] = useState(false);
  if (loggedIn) return <UserMenu />;
  return (
    <>
      <Button color="inherit" variant="outlined" onClick={() => setDialogOpen(true)} aria-haspopup="dialog" sx={{ whiteSpace: 'nowrap' }}>
        Login / Join
      </Button>
      <LoginDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
