import { useEffect } from 'react';
import Container from '@mui/material/Container';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { sessionAtom } from '../auth/atoms.js';
import { configAtom } from '../site/atoms.js';
import { LoginErrorAlert } from './LoginErrorAlert.js';
import { VisitorIntro } from './VisitorIntro.js';
import { Welcome } from './Welcome.js';

/** Home (SPEC §2) as far as it goes before events and rivals arrive. */
export default function HomePage() {
  const { user } = useAtomValue(sessionAtom);
  const { leagueName } = useAtomValue(configAtom);
  const [searchParams] = useSearchParams();
  const authFailed = searchParams.has('authFailed') && searchParams.get('authFailed') !== 'false';

  useEffect(() => {
    document.title = leagueName;
  }, [leagueName]);

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {authFailed && <LoginErrorAlert />}
      {user ? <Welcome user={user} /> : <VisitorIntro />}
    </Container>
  );
}
