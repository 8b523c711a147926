import { Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { sessionAtom, UserMenu } from '../../features/auth/index.js';
import { Button, lazyThemed } from '../../components/ui/index.js';
import { SIGN_IN_PARAM, signInReason } from '../routes/guard.js';

// Loaded on the first click, with MUI's theme scope: most page views never open it, so it stays out of
// the first page's JavaScript.
const LoginDialog = lazyThemed(() => import('../../features/auth/LoginDialog.js').then((module) => module.LoginDialog));

/**
 * Right end of the header: 'Login / Join' for visitors, the user menu once signed in. A visitor sent
 * here from a screen that needs signing in (`?signIn=live`) gets the dialog open, saying why.
 */
export function AccountArea() {
  const { loggedIn } = useAtomValue(sessionAtom);
  const [searchParams, setSearchParams] = useSearchParams();
  const reason = loggedIn ? null : signInReason(searchParams.get(SIGN_IN_PARAM));
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (loggedIn) return <UserMenu />;
  const close = () => {
    setDialogOpen(false);
    if (reason)
      setSearchParams(
        (params) => {
          params.delete(SIGN_IN_PARAM);
          return params;
        },
        { replace: true },
      );
  };
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        className="pd-nowrap"
        onPointerEnter={() => void LoginDialog.preload()}
        onFocus={() => void LoginDialog.preload()}
        onClick={() => {
          setDialogLoaded(true);
          setDialogOpen(true);
        }}
        aria-haspopup="dialog"
      >
        Login / Join
      </Button>
      {(dialogLoaded || reason) && (
        <Suspense fallback={null}>
          <LoginDialog open={dialogOpen || reason !== null} reason={reason} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
