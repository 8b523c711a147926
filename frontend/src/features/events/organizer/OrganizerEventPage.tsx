import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { MessagePage } from '../../../components/MessagePage.js';
import { routeId } from '../../../components/routeId.js';
import { eventLoadFailed, EventLoadFailure } from '../components/EventLoadFailure.js';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { eventDetailsPath } from '../eventLinkTarget.js';
import { eventQueries, type EventKind } from '../api.js';
import { applyOwnEventChange } from '../cache.js';
import type { EventDetailsDto } from '../types.js';
import { EventForm } from './EventForm.js';
import { emptyEventForm, eventFormFrom } from './eventForm.js';
import { LivePanel } from './LivePanel.js';
import { organizerEventPath, organizerEventsPath } from './organizerPaths.js';
import { PublishPanel } from './PublishPanel.js';
import { TeamEntriesPanel } from './TeamEntriesPanel.js';

const PARAM: Record<EventKind, string> = { individual: 'event', assessment: 'assessment' };

/** Create (`…/new`) or edit one event, then publish it and run its live stream. */
export function OrganizerEventPage({ kind }: { kind: EventKind }) {
  const param = useParams()[PARAM[kind]] ?? 'new';
  const navigate = useNavigate();
  const isNew = param === 'new';
  const queryClient = useQueryClient();
  const id = routeId(param);
  const details = useQuery({ ...eventQueries.details(id ?? 0), enabled: !isNew && id !== null });
  const event = isNew ? null : (details.data ?? null);
  const back = (
    <Button component={RouterLink} to={organizerEventsPath(kind)} sx={{ mb: 1 }}>
      ← All {kind === 'assessment' ? 'assessments' : 'events'}
    </Button>
  );

  if (!isNew && !event) {
    if (id === null) return <NotFoundPage />;
    if (details.isPending) return <CenteredLoader label="Loading event" />;
    if (eventLoadFailed(details.error)) return <EventLoadFailure before={back} onRetry={() => void details.refetch()} />;
    return <MessagePage before={back} heading="Event not found" title="There is no such event" />;
  }
  const saved = (savedEvent: EventDetailsDto) => {
    // The answer is the event as saved: shown at once; a published event's echo does not refetch it here.
    applyOwnEventChange(queryClient, savedEvent, { echoed: savedEvent.published });
    if (isNew) navigate(organizerEventPath(kind, savedEvent.id));
  };
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {back}
      <PageTitle>{event ? event.name : kind === 'assessment' ? 'New assessment' : 'New event'}</PageTitle>
      {event && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
          <PublishPanel event={event} />
          <LivePanel event={event} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Divider sx={{ mb: 2 }} />
            <Button component={RouterLink} to={eventDetailsPath(event.id)}>
              Open the public event page
            </Button>
          </Box>
        </Paper>
      )}
      {event && event.competitionStyle !== 'SOLO' && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <TeamEntriesPanel event={event} />
        </Paper>
      )}
      <EventForm key={event?.id ?? 'new'} kind={kind} initial={event ? eventFormFrom(event) : emptyEventForm()} onSaved={saved} />
    </Container>
  );
}
