import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../auth/index.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { rivalsQueries } from '../api.js';
import { trackLabel } from '../labels.js';
import { ScheduleTable } from './ScheduleTable.js';
import { TOP_CARD_HEIGHT, TopCards } from './TopCards.js';

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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 32 }}>
        {top.data && (
          <>
            <ImageIcon src={top.data.game.icon} size={28} alt={top.data.game.name} />
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {trackLabel(top.data.track)}
            </Typography>
          </>
        )}
      </Box>
      <Box sx={{ mt: 1 }}>
        {schedule.isPending || (current && top.isPending) ? (
          <Box role="status" aria-label="Loading rivals" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} variant="rounded" height={TOP_CARD_HEIGHT} />
            ))}
          </Box>
        ) : top.data ? (
          <TopCards top={top.data} />
        ) : (
          <Typography color="text.secondary">{schedule.isError ? 'Rivals could not be loaded.' : 'No times set yet'}</Typography>
        )}
      </Box>
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Rivals schedule
      </Typography>
      {schedule.isPending ? <Skeleton variant="rounded" height={120} /> : <ScheduleTable servers={schedule.data ?? []} signedIn={loggedIn} />}
    </>
  );
}
