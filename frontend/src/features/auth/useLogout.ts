import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../lib/api/client.js';
import { currentUserAtom } from './atoms.js';

/** Signs out on the server, clears the user and goes Home (SPEC §4). A failure keeps the user signed in; the Error dialog says why. */
export function useLogout(): () => Promise<void> {
  const setUser = useSetAtom(currentUserAtom);
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/logout', undefined);
    } catch (error) {
      // 401: the session had already ended, which is what we wanted.
      if (!(error instanceof ApiError && error.status === 401)) return;
    }
    // Home first: a private page left signed out would otherwise send them to sign in again, saying why.
    void navigate('/');
    setUser(null);
  };
}
