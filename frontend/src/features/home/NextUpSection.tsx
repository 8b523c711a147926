import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EventCard, type EventSummary } from '../events/index.js';
import { pathTo } from '../../app/routes/routeTable.js';
import './home.css';

/** Home's Events section: 'Next up', a horizontally scrolling row of event cards. */
export function NextUpSection({ events, loading }: { events: EventSummary[]; loading: boolean }) {
  return (
    <section aria-labelledby="next-up-title" className="pd-home-section">
      <div className="pd-home-section-head">
        <Typography id="next-up-title" variant="h5" component="h2">
          Next up
        </Typography>
        <Link component={RouterLink} to={pathTo('Event-List')}>
          All events
        </Link>
      </div>
      {loading && events.length === 0 ? (
        <div role="status" aria-label="Loading events" className="pd-home-below">
          <Skeleton variant="rounded" height={220} />
        </div>
      ) : events.length === 0 ? (
        <Typography className="pd-home-below" color="text.secondary">
          Nothing scheduled right now.
        </Typography>
      ) : (
        <ul aria-label="Next up" tabIndex={0} className="pd-next-up">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
