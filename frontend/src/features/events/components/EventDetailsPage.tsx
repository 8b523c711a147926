import { Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { showTime } from '../../../components/dateTime.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { ButtonLink, Chip, Container, lazyThemed, Paper, Text } from '../../../components/ui/index.js';
import { PLATFORM_LABELS } from '../labels.js';
import { useLiveEventDetails } from '../useLiveEventDetails.js';
import { AttendanceControl } from './AttendanceControl.js';
import { AttendeeList } from './AttendeeList.js';
import { eventLoadFailed, EventLoadFailure } from './EventLoadFailure.js';
import { RaceEventsList } from './RaceEventsList.js';
import { RulesList } from './RulesList.js';
import { isPastEvent, SeatsAvailable } from './SeatsAvailable.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { sessionAtom } from '../../auth/index.js';
import './eventDetails.css';

// Shown to signed-in viewers only (a captain's team entries, a driver's assessment standing, the organizers'
// new drivers), built with MUI: a visitor's event page never downloads it, a driver's loads it with MUI's theme scope.
const EventExtras = lazyThemed(() => import('./EventExtras.js').then((module) => module.EventExtras));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="pd-event-section">
      <Text variant="h5" as="h2" gutterBottom>
        {title}
      </Text>
      {children}
    </section>
  );
}

/** Event-details (SPEC §2): races and tracks, rules, who is in, Join / Leave, seats live from `event:{id}`. */
export default function EventDetailsPage() {
  const { eventId, details } = useLiveEventDetails(useParams().event);
  const { loggedIn } = useAtomValue(sessionAtom);

  const event = details.data;
  if (!event) {
    if (eventId !== null && details.isPending) return <CenteredLoader label="Loading event" />;
    if (eventLoadFailed(details.error)) return <EventLoadFailure onRetry={() => void details.refetch()} />;
    return (
      <Container maxWidth="md" className="pd-event-not-found">
        <PageTitle>Event not found</PageTitle>
        <EmptyState title="This event is not on the calendar">
          <ButtonLink to={pathTo('Event-List')} className="pd-event-way-on">
            See all events
          </ButtonLink>
        </EmptyState>
      </Container>
    );
  }
  const time = showTime(event.date);
  const past = isPastEvent(event);
  return (
    <Container maxWidth="lg" page>
      <Text variant="overline" as="p" tone="secondary" className="pd-event-details-game">
        <ImageIcon src={event.game.icon} size={24} />
        {event.game.name}
        {event.assessmentEvent ? ' · Assessment race' : ''}
        {event.season ? ` · ${event.season.competition.name}` : ''}
        {!event.published ? ' · Draft' : ''}
      </Text>
      <PageTitle>{event.name}</PageTitle>
      <Paper className="pd-event-summary">
        <div className="pd-event-when">
          <Text variant="h6" as="p">
            <time dateTime={event.date}>{time.date}</time>
          </Text>
          <Text>{time.time}</Text>
          <div className="pd-event-chips">
            {event.platforms.map((platform) => (
              <Chip key={platform} size="small" label={PLATFORM_LABELS[platform]} />
            ))}
            {event.live && <Chip size="small" color="error" label="Live now" />}
          </div>
        </div>
        <div className="pd-event-attendance">
          <div role="status" aria-live="polite" aria-label="Seats">
            <SeatsAvailable seats={event.seats} attendanceCount={event.attendanceCount} past={past} size="medium" />
          </div>
          <AttendanceControl event={event} />
        </div>
      </Paper>
      {loggedIn && (
        <Suspense fallback={null}>
          <EventExtras event={event} />
        </Suspense>
      )}
      <div className="pd-event-columns">
        <Section title="Races and tracks">
          <RaceEventsList raceEvents={event.raceEvents} />
        </Section>
        <Section title="Rules">
          <RulesList event={event} />
        </Section>
      </div>
      <Section title={past ? `Who raced (${event.attendanceCount})` : `Who is in (${event.attendanceCount})`}>
        <AttendeeList attendees={event.attendance} past={past} />
      </Section>
    </Container>
  );
}
