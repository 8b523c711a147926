import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useLiveRace } from './liveRace.js';
import { useLiveTiming } from './liveTiming.js';
import { ProjectedStandings } from './ProjectedStandings.js';
import { TimingTower } from './TimingTower.js';

/** The tower of the live event's race that is running (of `raceIds`, in running order) and the standings were it to end now, or why there is none. */
export function LiveTimingPanel({ raceIds }: { raceIds: number[] }) {
  const live = useLiveRace(raceIds);
  const timing = useLiveTiming(live.raceId);
  if (live.isPending || (live.raceId !== null && timing.isPending)) return <CenteredLoader label="Loading live timing" />;
  if (timing.isError && !timing.data) return <LoadFailed title="Live timing could not be loaded" onRetry={() => void timing.refetch()} />;
  if (!timing.data) return <EmptyState title="No live timing yet">The tower appears here once the race server sends timing.</EmptyState>;
  return (
    <>
      <TimingTower timing={timing.data} />
      {live.raceId !== null && <ProjectedStandings raceId={live.raceId} />}
    </>
  );
}
