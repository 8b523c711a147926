import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { liveStreamEmbedUrl } from '@paddock/contracts/events.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageTitle } from '../../components/PageTitle.js';
import { VideoEmbed } from '../../components/VideoEmbed.js';
import { showTime } from '../../components/dateTime.js';
import { useQuery } from '@tanstack/react-query';
import { useRoom } from '../../lib/realtime/useRoom.js';
import { useMediaQuery } from '../../components/ui/useMedia.js';
import { AttendeeList, eventDetailsPath, eventQueries, RaceEventsList, SeatsAvailable } from '../events/index.js';
import { pathTo } from '../../app/routes/routeTable.js';
import { LiveTimingPanel } from './timing/LiveTimingPanel.js';
import './live.css';

/** Wide enough for the tower beside the stream; narrower (a phone), the tower comes first and the stream folds away. */
const SIDE_BY_SIDE = '(min-width: 1200px)';

/** Live (SPEC §2): the stream of the live event beside its timing tower, with its races and who is in. */
export default function LivePage() {
  const live = useQuery(eventQueries.live());
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const event = live.data?.event ?? null;
  const stream = live.data?.stream ?? null;
  // `live.changed` and the event's seats reach the cache through the bridge.
  useRoom(event ? `event:${event.id}` : null, eventQueries.live().queryKey);

  if (live.isPending) return <CenteredLoader label="Loading the live race" />;
  if (!event) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <PageTitle>Live race</PageTitle>
        <EmptyState title="No race is live right now">
          <Button component={RouterLink} to={pathTo('Event-List')} sx={{ mt: 1 }}>
            See upcoming events
          </Button>
        </EmptyState>
      </Container>
    );
  }
  const streamView = stream ? (
    <VideoEmbed src={liveStreamEmbedUrl(stream, window.location.hostname)} title={`Live stream of ${event.name}`} />
  ) : (
    <EmptyState title="The stream starts soon" />
  );
  const tower = (
    <Box component="section" aria-labelledby="live-timing-heading">
      <Typography variant="h5" component="h2" id="live-timing-heading" gutterBottom>
        Live timing
      </Typography>
      <LiveTimingPanel raceIds={event.raceEvents.flatMap((raceEvent) => raceEvent.races.map((race) => race.id))} />
    </Box>
  );
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <PageTitle>{`Live: ${event.name}`}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {event.game.name} · <time dateTime={event.date}>{showTime(event.date).dateTime}</time> ·{' '}
        <Button component={RouterLink} to={eventDetailsPath(event.id)} size="small">
          Event details
        </Button>
      </Typography>
      {sideBySide ? (
        <div className="pd-live__beside">
          {streamView}
          {tower}
        </div>
      ) : (
        <>
          {tower}
          <details className="pd-live__stream-fold">
            <summary>Watch the stream</summary>
            {streamView}
          </details>
        </>
      )}
      <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Box component="section" aria-label="Races">
          <Typography variant="h5" component="h2" gutterBottom>
            Races
          </Typography>
          <RaceEventsList raceEvents={event.raceEvents} />
        </Box>
        <Box component="section" aria-label="Who is in">
          <Typography variant="h5" component="h2" gutterBottom>
            Who is in
          </Typography>
          <SeatsAvailable seats={event.seats} attendanceCount={event.attendanceCount} />
          <AttendeeList attendees={event.attendance} />
        </Box>
      </Box>
    </Container>
  );
}
