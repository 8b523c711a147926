import { useDeferredValue } from 'react';
import { Skeleton, Text, TextLink } from '../../components/ui/index.js';
import { EventCard, type EventSummary } from '../events/index.js';
import { pathTo } from '../../app/routes/routeTable.js';
import './home.css';

/** Home's Events section: 'Next up', a horizontally scrolling row of event cards. */
export function NextUpSection({ events, loading }: { events: EventSummary[]; loading: boolean }) {
  // The cards arrive with an urgent update: drawn as a deferred one, in slices (the skeleton stays meanwhile).
  const drawn = useDeferredValue(events.length > 0);
  return (
    <section aria-labelledby="next-up-title" className="pd-home-section">
      <div className="pd-home-section-head">
        <Text id="next-up-title" variant="h5" as="h2">
          Next up
        </Text>
        <TextLink to={pathTo('Event-List')}>All events</TextLink>
      </div>
      {(loading && events.length === 0) || (events.length > 0 && !drawn) ? (
        <div role="status" aria-label="Loading events" className="pd-home-below">
          <Skeleton variant="rounded" height={220} />
        </div>
      ) : events.length === 0 ? (
        <Text className="pd-home-below" tone="secondary">
          Nothing scheduled right now.
        </Text>
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
