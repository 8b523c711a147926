import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useLoad } from '../../../components/useLoad.js';
import { eventDetailsPath } from '../eventLinkTarget.js';
import { organizerEventsApi, type EventKind } from '../api.js';
import type { EventDetailsDto } from '../types.js';
import { EventForm } from './EventForm.js';
import { emptyEventForm, eventFormFrom } from './eventForm.js';
import { LivePanel } from './LivePanel.js';
import { organizerEventPath, organizerEventsPath } from './organizerPaths.js';
import { PublishPanel } from './PublishPanel.js';

const PARAM: Record<EventKind, string> = { individual: 'event', assessment: 'assessment' };

/** Create (`…/new`) or edit one event, then publish it and run its live stream. */
export function OrganizerEventPage({ kind }: { kind: EventKind }) {
  const param = useParams()[PARAM[kind]] ?? 'new';
  const navigate = useNavigate();
  const isNew = param === 'new';
  const details = useLoad<EventDetailsDto | null>(() => (isNew ? Promise.resolve(null) : organizerEventsApi.details(Number(param))), param);
  const event = details.data ?? null;
  const back = (
    <Button component={RouterLink} to={organizerEventsPath(kind)} sx={{ mb: 1 }}>
      ← All {kind === 'assessment' ? 'assessments' : 'events'}
    </Button>
  );

  if (!isNew && !event) {
    if (details.loading) return <CenteredLoader label="Loading event" />;
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {back}
        <PageTitle>Event not found</PageTitle>
        <EmptyState title="There is no such event" />
      </Container>
    );
  }
  const saved = (savedEvent: EventDetailsDto) => {
    if (isNew) navigate(organizerEventPath(kind, savedEvent.id));
    else details.setData(() => savedEvent);
  };
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {back}
      <PageTitle>{event ? event.name : kind === 'assessment' ? 'New assessment' : 'New event'}</PageTitle>
      {event && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
          <PublishPanel event={event} onChanged={(changed) => details.setData((current) => current && { ...current, ...changed })} />
          <LivePanel event={event} onChanged={(live) => details.setData((current) => current && { ...current, live })} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Divider sx={{ mb: 2 }} />
            <Button component={RouterLink} to={eventDetailsPath(event.id)}>
              Open the public event page
            </Button>
          </Box>
        </Paper>
      )}
      <EventForm key={event?.id ?? 'new'} kind={kind} initial={event ? eventFormFrom(event) : emptyEventForm()} onSaved={saved} />
    </Container>
  );
}
