import { lazy, Suspense } from 'react';
import { lazyPart } from '../../components/lazyPart.js';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../auth/index.js';
import type { RaceDriver } from './components/FileTicketDialog.js';
import { MyTicketsLoading } from './components/MyTicketsFrame.js';

// Each its own chunk: loaded only where shown (a driver who raced; the own profile).
const ReportIncidentButton = lazy(() => import('./components/ReportIncidentButton.js'));
const MyTicketsSection = lazyPart(() => import('./components/MyTicketsSection.js'));
const ProvisionalStatus = lazy(() => import('./components/ProvisionalStatus.js'));

export interface ReportIncidentProps {
  raceId: number;
  /** "Round 3 at Spa: Race" */
  raceLabel: string;
  /** The race's results (who raced). */
  results: RaceDriver[];
}

/** "Report an incident" under a race's results, mounted by the results view with one line: shown only to a signed-in driver who raced in it. */
export function ReportIncident({ raceId, raceLabel, results }: ReportIncidentProps) {
  const { profileId } = useAtomValue(sessionAtom);
  if (profileId === null || !results.some((line) => line.profileId === profileId)) return null;
  const drivers = results.map(({ profileId: id, driverName }) => ({ profileId: id, driverName }));
  return (
    <Suspense fallback={null}>
      <ReportIncidentButton raceId={raceId} raceLabel={raceLabel} drivers={drivers} profileId={profileId} />
    </Suspense>
  );
}

/**
 * "My tickets & licence points" on the own profile page, mounted with one line; `preload` with the page.
 * Drawn loading until its part has arrived: appearing later, it would push down the sections under it.
 */
export function MyTicketsAndLicence() {
  const { profileId } = useAtomValue(sessionAtom);
  if (profileId === null) return null;
  return (
    <Suspense fallback={<MyTicketsLoading />}>
      <MyTicketsSection profileId={profileId} />
    </Suspense>
  );
}

MyTicketsAndLicence.preload = MyTicketsSection.preload;

/** "Provisional" (final after …) or "Final" beside a race's published results, mounted by the results view with one line. */
export function ResultsStatus({ raceId }: { raceId: number }) {
  return (
    <Suspense fallback={null}>
      <ProvisionalStatus raceId={raceId} />
    </Suspense>
  );
}
