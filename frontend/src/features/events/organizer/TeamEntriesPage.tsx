import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isTeamEvent } from '@paddock/contracts/events.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { trackTitle } from '../labels.js';
import { useLiveEventDetails } from '../useLiveEventDetails.js';
import { organizerEventPath } from './organizerPaths.js';
import { TeamEntriesPanel } from './TeamEntriesPanel.js';
import { eventLoadFailed, EventLoadFailure } from '../components/EventLoadFailure.js';

/**
 * `…/seasons/{season}/event/{event}/teams/{race?}`: every team's entry of the event, adjusted by
 * organizers. `race` names the race event shown in the title; line-ups hold for the whole event.
 */
export default function TeamEntriesPage() {
  const params = useParams();
  const { eventId, details } = useLiveEventDetails(params.event);
  const event = details.data;
  if (!event) {
    if (eventId !== null && details.isPending) return <CenteredLoader label="Loading event" />;
    if (eventLoadFailed(details.error)) return <EventLoadFailure onRetry={() => void details.refetch()} />;
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <PageTitle>Event not found</PageTitle>
        <EmptyState title="There is no such event" />
      </Container>
    );
  }
  const race = event.raceEvents.find((raceEvent) => String(raceEvent.id) === params.race);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button component={RouterLink} to={organizerEventPath(event.assessmentEvent ? 'assessment' : 'individual', event.id)} sx={{ mb: 1 }}>
        ← {event.name}
      </Button>
      <PageTitle>{`Team entries: ${event.name}`}</PageTitle>
      {race && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Race: {trackTitle(race.track, race.externalTrackName)}
        </Typography>
      )}
      {isTeamEvent(event) ? <TeamEntriesPanel event={event} /> : <Typography>This is a solo event: drivers join it themselves.</Typography>}
    </Container>
  );
}
