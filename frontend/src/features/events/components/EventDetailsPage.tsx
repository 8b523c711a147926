import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { showTime } from '../../../components/dateTime.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
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

// Shown to signed-in viewers only (a captain's team entries, a driver's assessment standing, the organizers'
// new drivers): a visitor's event page never downloads it.
const EventExtras = lazy(() => import('./EventExtras.js').then((module) => ({ default: module.EventExtras })));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
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
      <Container maxWidth="md" sx={{ py: 4 }}>
        <PageTitle>Event not found</PageTitle>
        <EmptyState title="This event is not on the calendar">
          <Button component={RouterLink} to={pathTo('Event-List')} sx={{ mt: 1 }}>
            See all events
          </Button>
        </EmptyState>
      </Container>
    );
  }
  const time = showTime(event.date);
  const past = isPastEvent(event);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ImageIcon src={event.game.icon} size={24} />
        {event.game.name}
        {event.assessmentEvent ? ' · Assessment race' : ''}
        {event.season ? ` · ${event.season.competition.name}` : ''}
        {!event.published ? ' · Draft' : ''}
      </Typography>
      <PageTitle>{event.name}</PageTitle>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 220 }}>
          <Typography component="p" variant="h6">
            <time dateTime={event.date}>{time.date}</time>
          </Typography>
          <Typography component="p">{time.time}</Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            {event.platforms.map((platform) => (
              <Chip key={platform} size="small" label={PLATFORM_LABELS[platform]} />
            ))}
            {event.live && <Chip size="small" color="error" label="Live now" />}
          </Stack>
        </Box>
        <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
          <Box role="status" aria-live="polite" aria-label="Seats">
            <SeatsAvailable seats={event.seats} attendanceCount={event.attendanceCount} past={past} size="medium" />
          </Box>
          <AttendanceControl event={event} />
        </Stack>
      </Paper>
      {loggedIn && (
        <Suspense fallback={null}>
          <EventExtras event={event} />
        </Suspense>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '3fr 2fr' } }}>
        <Section title="Races and tracks">
          <RaceEventsList raceEvents={event.raceEvents} />
        </Section>
        <Section title="Rules">
          <RulesList event={event} />
        </Section>
      </Box>
      <Section title={past ? `Who raced (${event.attendanceCount})` : `Who is in (${event.attendanceCount})`}>
        <AttendeeList attendees={event.attendance} past={past} />
      </Section>
    </Container>
  );
}
