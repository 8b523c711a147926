import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../auth/index.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { Skeleton, Text } from '../../../components/ui/index.js';
import { rivalsQueries } from '../api.js';
import { trackLabel } from '../labels.js';
import { ScheduleTable } from './ScheduleTable.js';
import { TOP_CARD_HEIGHT, TopCards } from './TopCards.js';
import '../rivalsHome.css';

/**
 * Home's Rivals (Beta) section and schedule table (SPEC §2): the current track of the first server's
 * rotation with the top three of each platform, then every server's schedule. Loaded after the
 * first page (see RivalsHomeSlot); pushes keep both current (app/live/cacheBridge.ts).
 */
export default function RivalsHomeSection() {
  const { loggedIn } = useAtomValue(sessionAtom);
  const schedule = useQuery(rivalsQueries.scheduleLive());
  const current = schedule.data?.find((server) => server.currentTrack)?.currentTrack ?? null;
  const top = useQuery({ ...rivalsQueries.top(current?.id ?? 0), enabled: current !== null });

  return (
    <>
      <div className="pd-rivals-home-track">
        {top.data && (
          <>
            <ImageIcon src={top.data.game.icon} size={28} alt={top.data.game.name} />
            <Text variant="subtitle1" as="p" className="pd-rivals-strong">
              {trackLabel(top.data.track)}
            </Text>
          </>
        )}
      </div>
      <div className="pd-rivals-home-top">
        {schedule.isPending || (current && top.isPending) ? (
          <div role="status" aria-label="Loading rivals" className="pd-rivals-top-grid">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} variant="rounded" height={TOP_CARD_HEIGHT} />
            ))}
          </div>
        ) : top.data ? (
          <TopCards top={top.data} />
        ) : (
          <Text tone="secondary">{schedule.isError ? 'Rivals could not be loaded.' : 'No times set yet'}</Text>
        )}
      </div>
      <Text variant="h6" as="h3" className="pd-rivals-home-schedule-title">
        Rivals schedule
      </Text>
      {schedule.isPending ? <Skeleton variant="rounded" height={120} /> : <ScheduleTable servers={schedule.data ?? []} signedIn={loggedIn} />}
    </>
  );
}
