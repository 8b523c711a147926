import { useEffect } from 'react';
import Container from '@mui/material/Container';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { useLoad } from '../../components/useLoad.js';
import { useClientEvent } from '../../lib/realtime/useRoom.js';
import { sessionAtom } from '../auth/atoms.js';
import { nextPlannedEventAtom, nextPlannedEventLoadedAtom } from '../events/atoms.js';
import { configAtom } from '../site/atoms.js';
import { homeApi } from './homeData.js';
import { LoginErrorAlert } from './LoginErrorAlert.js';
import { NextUpSection } from './NextUpSection.js';
import { VideosSection } from './VideosSection.js';
import { VisitorIntro } from './VisitorIntro.js';
import { Welcome } from './Welcome.js';

/** Home (SPEC §2): intro or welcome with the next race, 'Next up' events and the latest videos. */
export default function HomePage() {
  const { user } = useAtomValue(sessionAtom);
  const { leagueName } = useAtomValue(configAtom);
  const nextPlanned = useAtomValue(nextPlannedEventAtom);
  const nextPlannedKnown = useAtomValue(nextPlannedEventLoadedAtom);
  const [searchParams] = useSearchParams();
  const authFailed = searchParams.has('authFailed') && searchParams.get('authFailed') !== 'false';

  const nextUp = useLoad(() => homeApi.nextUp(), 'next-up');
  const videos = useLoad(() => homeApi.latestVideos(), 'videos');
  const myNext = useLoad(() => (user ? homeApi.myNext() : Promise.resolve({ event: null })), `my-next-${user?.id ?? 'visitor'}`);
  useClientEvent('events.changed', nextUp.reload);

  useEffect(() => {
    document.title = leagueName;
  }, [leagueName]);

  const nextRace = myNext.data?.event ?? nextPlanned;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {authFailed && <LoginErrorAlert />}
      {user ? <Welcome user={user} nextRace={nextRace} nextRaceKnown={nextPlannedKnown && !myNext.loading} /> : <VisitorIntro />}
      <NextUpSection events={nextUp.data?.content ?? []} loading={nextUp.loading} />
      <VideosSection videos={videos.data ?? []} />
    </Container>
  );
}
