import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isTeamEvent } from '@paddock/contracts/events.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { MessagePage } from '../../../components/MessagePage.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useLiveEventDetails } from '../useLiveEventDetails.js';
import { organizerEventPath } from './organizerPaths.js';
import { raceChoices } from './raceLineups.js';
import { TeamEntriesPanel } from './TeamEntriesPanel.js';
import { TeamEntriesRaceLineups } from './TeamEntriesRaceLineups.js';
import { eventLoadFailed, EventLoadFailure } from '../components/EventLoadFailure.js';

const EVENT_TAB = 'event';

/**
 * `…/seasons/{season}/event/{event}/teams/{race?}`: the teams of a TEAM or LVL event, adjusted by
 * organizers. Without `race`, every team's event entry (its drivers in the event); with the id of one
 * of the event's races, each entered team's line-up for that race. Tabs switch between them.
 */
export default function TeamEntriesPage() {
  const params = useParams();
  const { eventId, details } = useLiveEventDetails(params.event);
  const event = details.data;
  if (!event) {
    if (eventId !== null && details.isPending) return <CenteredLoader label="Loading event" />;
    if (eventLoadFailed(details.error)) return <EventLoadFailure onRetry={() => void details.refetch()} />;
    return <MessagePage heading="Event not found" title="There is no such event" />;
  }
  const races = raceChoices(event);
  const race = races.find((choice) => String(choice.id) === params.race) ?? null;
  const pathFor = (raceId?: number) =>
    pathTo('Organize-Season-Event-Teams', { competition: params.competition ?? '', season: params.season ?? '', event: event.id, race: raceId });
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button component={RouterLink} to={organizerEventPath(event.assessmentEvent ? 'assessment' : 'individual', event.id)} sx={{ mb: 1 }}>
        ← {event.name}
      </Button>
      <PageTitle>{`Team entries: ${event.name}`}</PageTitle>
      {!isTeamEvent(event) ? (
        <Typography>This is a solo event: drivers join it themselves.</Typography>
      ) : (
        <>
          <Tabs value={race?.id ?? EVENT_TAB} variant="scrollable" scrollButtons="auto" aria-label="Entries or the line-ups of one race" sx={{ mb: 2 }}>
            <Tab value={EVENT_TAB} label="Event entries" component={RouterLink} to={pathFor()} />
            {races.map((choice) => (
              <Tab key={choice.id} value={choice.id} label={choice.label} component={RouterLink} to={pathFor(choice.id)} />
            ))}
          </Tabs>
          {params.race !== undefined && !race ? (
            <EmptyState title="There is no such race in this event" />
          ) : race ? (
            <TeamEntriesRaceLineups key={race.id} event={event} race={race} />
          ) : (
            <TeamEntriesPanel event={event} />
          )}
        </>
      )}
    </Container>
  );
}
