import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Container } from '../../components/ui/index.js';
import { sessionAtom } from '../auth/index.js';
import { AffiliateBannerSlot, OfficialAffiliatesSlot } from '../community/index.js';
import { eventQueries, useNextPlannedEvent } from '../events/index.js';
import { configAtom } from '../site/index.js';
import { LoginErrorAlert } from './LoginErrorAlert.js';
import { NextUpSection } from './NextUpSection.js';
import { RivalsHomeSlot } from '../rivals/index.js';
import { VideosSection } from './VideosSection.js';
import { VisitorIntro } from './VisitorIntro.js';
import { Welcome } from './Welcome.js';

const NEXT_UP_PAGE = { pageNumber: 0, pageSize: 10 };

/** Home (SPEC §2): intro or welcome with the next race, 'Next up' events and the latest videos. */
export default function HomePage() {
  const { user } = useAtomValue(sessionAtom);
  const { leagueName } = useAtomValue(configAtom);
  const nextPlanned = useNextPlannedEvent();
  const [searchParams] = useSearchParams();
  const authFailed = searchParams.has('authFailed') && searchParams.get('authFailed') !== 'false';

  // Quiet: each section says itself when there is nothing to show.
  const nextUp = useQuery(eventQueries.planned(NEXT_UP_PAGE, undefined, { silent: true }));
  const videos = useQuery(eventQueries.latestVideos({ silent: true }));
  const myNext = useQuery(eventQueries.myNext(user?.id ?? null));

  useEffect(() => {
    document.title = leagueName;
  }, [leagueName]);

  const nextRace = myNext.data?.event ?? nextPlanned.event;
  const myNextKnown = !user || myNext.isFetched || myNext.isError;
  return (
    <Container maxWidth="lg" page>
      {authFailed && <LoginErrorAlert />}
      {user ? <Welcome user={user} nextRace={nextRace} nextRaceKnown={nextPlanned.known && myNextKnown} nextRaceIsMine={Boolean(myNext.data?.event)} /> : <VisitorIntro />}
      <NextUpSection events={nextUp.data?.content ?? []} loading={nextUp.isPending} />
      <VideosSection videos={videos.data ?? []} />
      <RivalsHomeSlot />
      <AffiliateBannerSlot />
      <OfficialAffiliatesSlot />
    </Container>
  );
}
