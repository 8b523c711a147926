import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../components/lazyPart.js';
import { useAtomValue } from 'jotai';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { firstRead } from '../../lib/query/queryClient.js';
import { DEFAULT_PAGE_SIZE, toPageRequest } from '../../components/paging.js';
import { stewardingQueries } from './api.js';
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

/**
 * Whether "My tickets & licence points" has its first answers (or its failures): the profile draws its
 * first screen, this section in it, once it has them, or the section would grow from its skeletons and push
 * down everything under it. Asks what the section's first render asks, so the answers are shared.
 */
export function useMyTicketsAnswered(): boolean {
  const { profileId } = useAtomValue(sessionAtom);
  const queryClient = useQueryClient();
  const [answered, setAnswered] = useState(() => unansweredReads(queryClient, profileId).length === 0);
  // First reads, not observers (unless read at boot: then joined, or answered already), so the section's
  // first render takes their answers instead of asking again. Once answered, for good: the section asks
  // again for a read that failed, which makes it pending again.
  useEffect(() => {
    let mounted = true;
    // A transition: the page it lets draw is drawn in slices, as QueryContent draws it, not in one long task.
    void Promise.allSettled(unansweredReads(queryClient, profileId).map((read) => read())).then(() => mounted && startTransition(() => setAnswered(true)));
    return () => {
      mounted = false;
    };
  }, [profileId, queryClient]);
  return answered;
}

/** The first reads of what the section's first render reads that have no answer yet (none, or on their way). */
function unansweredReads(queryClient: QueryClient, profileId: number | null): (() => Promise<unknown>)[] {
  if (profileId === null) return [];
  const licence = stewardingQueries.licence(profileId);
  const tickets = stewardingQueries.mine(toPageRequest(0, DEFAULT_PAGE_SIZE));
  const reads: { queryKey: QueryKey; read: () => Promise<unknown> }[] = [
    { queryKey: licence.queryKey, read: () => firstRead(queryClient, licence) },
    { queryKey: tickets.queryKey, read: () => firstRead(queryClient, tickets) },
  ];
  return reads.filter(({ queryKey }) => (queryClient.getQueryState(queryKey)?.status ?? 'pending') === 'pending').map(({ read }) => read);
}

/** "Provisional" (final after …) or "Final" beside a race's published results, mounted by the results view with one line. */
export function ResultsStatus({ raceId }: { raceId: number }) {
  return (
    <Suspense fallback={null}>
      <ProvisionalStatus raceId={raceId} />
    </Suspense>
  );
}
