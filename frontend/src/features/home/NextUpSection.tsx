import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EventCard, type EventSummary } from '../events/index.js';
import { pathTo } from '../../app/routes/routeTable.js';

/** Home's Events section: 'Next up', a horizontally scrolling row of event cards. */
export function NextUpSection({ events, loading }: { events: EventSummary[]; loading: boolean }) {
  return (
    <Box component="section" aria-labelledby="next-up-title" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
        <Typography id="next-up-title" variant="h5" component="h2">
          Next up
        </Typography>
        <Link component={RouterLink} to={pathTo('Event-List')}>
          All events
        </Link>
      </Box>
      {loading && events.length === 0 ? (
        <Box role="status" aria-label="Loading events" sx={{ mt: 1 }}>
          <Skeleton variant="rounded" height={220} />
        </Box>
      ) : events.length === 0 ? (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          Nothing scheduled right now.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Next up"
          tabIndex={0}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 1,
            p: 0,
            pb: 1,
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          {events.map((event) => (
            <Box component="li" key={event.id} sx={{ flex: '0 0 auto', width: { xs: 'min(85vw, 300px)', sm: 300 }, scrollSnapAlign: 'start' }}>
              <EventCard event={event} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
