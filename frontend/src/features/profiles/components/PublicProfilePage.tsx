import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PRIVATE_DRIVER, SOCIAL_LABEL, SOCIAL_NETWORKS, type SeasonResultsDto, type StatsSummaryDto } from '@paddock/contracts/profiles.js';
import { ApiError } from '../../../lib/api/client.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { MessagePage } from '../../../components/MessagePage.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { showTime } from '../../../components/dateTime.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { eventDetailsPath, PLATFORM_LABELS } from '../../events/index.js';
import { profileQueries } from '../api.js';

const STATS: [keyof StatsSummaryDto, string][] = [
  ['starts', 'Starts'],
  ['wins', 'Wins'],
  ['podiums', 'Podiums'],
  ['poles', 'Poles'],
  ['fastestLaps', 'Fastest laps'],
  ['dnfs', 'DNFs'],
  ['averageFinish', 'Average finish'],
  ['points', 'Points'],
];

type RoundResult = SeasonResultsDto['results'][number];

/** A round of the driver's record in words: date, finish, points and, for a shared car, who else drove it. */
export function roundSummary(round: RoundResult): string {
  const finish = round.position === null ? 'Not classified' : `P${round.position}`;
  const points = `${round.points} ${Math.abs(round.points) === 1 ? 'point' : 'points'}`;
  const shared = round.coDrivers.length ? `with ${round.coDrivers.map((mate) => mate.driverName).join(', ')}` : null;
  return [showTime(round.date).dateTime, finish, points, shared].filter(Boolean).join(' · ');
}

/** The driver's results by season, newest season first. */
function SeasonResults({ seasons }: { seasons: SeasonResultsDto[] }) {
  return seasons.map((season) => (
    <Paper key={season.seasonId} variant="outlined" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5 }}>
        {season.competitionName} – {season.seasonName}
      </Typography>
      <List aria-label={`Results in ${season.competitionName} ${season.seasonName}`}>
        {season.results.map((round) => (
          <ListItem key={round.eventId}>
            <ListItemText primary={round.eventName} secondary={roundSummary(round)} />
          </ListItem>
        ))}
      </List>
    </Paper>
  ));
}

/** PublicProfile (SPEC §2): a driver's name, number, platforms, country, team, events, results and stats; "Private driver" when hidden. */
export default function PublicProfilePage() {
  const id = routeId(useParams().profile) ?? 0;
  const profile = useQuery({ ...profileQueries.publicProfile(id), enabled: id > 0 });
  const visible = profile.data && !(profile.data.hidden && profile.data.driverName === PRIVATE_DRIVER);
  const teams = useQuery({ ...profileQueries.teams(id), enabled: !!visible });
  const events = useQuery({ ...profileQueries.events(id), enabled: !!visible });
  const stats = useQuery({ ...profileQueries.stats(id), enabled: !!visible });
  const results = useQuery({ ...profileQueries.results(id), enabled: !!visible });

  if (id === 0 || (profile.error instanceof ApiError && profile.error.status === 404)) {
    return (
      <MessagePage heading="Driver not found" title="There is no such driver">
        <RouterLink to={pathTo('Grid')}>See all drivers</RouterLink>
      </MessagePage>
    );
  }
  if (profile.isPending) return <CenteredLoader label="Loading the driver" />;
  if (profile.isError) {
    return <MessagePage heading="Driver profile" title="This driver could not be loaded" />;
  }
  const driver = profile.data;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>{driver.driverName}</PageTitle>
      {!visible ? (
        <EmptyState title="This driver keeps their profile private" />
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            {driver.isNew && <Chip color="warning" label="New driver" />}
            {driver.country && <Chip label={driver.country} />}
            {driver.platforms.map((platform) => (
              <Chip key={platform} variant="outlined" label={`${PLATFORM_LABELS[platform]}${driver.platformIds[platform] ? `: ${driver.platformIds[platform]}` : ''}`} />
            ))}
            {(teams.data ?? []).map(({ driverTeam }) => (
              <Chip key={driverTeam.id} color="secondary" label={driverTeam.teamName} component={RouterLink} to={pathTo('GridTeams')} clickable />
            ))}
          </Box>
          {driver.games.length > 0 && <Typography sx={{ mb: 1 }}>Races {driver.games.map((game) => game.name).join(', ')}</Typography>}
          {driver.nameHistory.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Previously known as {driver.nameHistory.map((change) => change.name).join(', ')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            {SOCIAL_NETWORKS.filter((network) => driver.socials[network]).map((network) => (
              <Link key={network} href={driver.socials[network]} target="_blank" rel="noopener noreferrer">
                {SOCIAL_LABEL[network]}
              </Link>
            ))}
          </Box>

          <Typography variant="h6" component="h2" gutterBottom>
            Stats
          </Typography>
          <Grid container spacing={1} sx={{ mb: 3 }} aria-label="Stats">
            {STATS.map(([key, label]) => (
              <Grid key={key} size={{ xs: 6, sm: 3 }}>
                <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
                  <Typography variant="h5" component="p">
                    {stats.data ? (stats.data[key] ?? '–') : '…'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>

          <Typography variant="h6" component="h2" gutterBottom>
            Results
          </Typography>
          <Box sx={{ mb: 3 }}>
            {results.isPending ? (
              <CenteredLoader label="Loading results" />
            ) : results.isError ? (
              <EmptyState title="The results could not be loaded" />
            ) : results.data.length === 0 ? (
              <EmptyState title="No series results yet" />
            ) : (
              <SeasonResults seasons={results.data} />
            )}
          </Box>

          <Typography variant="h6" component="h2" gutterBottom>
            Events entered
          </Typography>
          {events.isPending ? (
            <CenteredLoader label="Loading events" />
          ) : events.isError ? (
            <EmptyState title="The events could not be loaded" />
          ) : events.data.length === 0 ? (
            <EmptyState title="No events entered yet" />
          ) : (
            <Paper variant="outlined">
              <List aria-label="Events entered">
                {events.data.map((event) => (
                  <ListItem key={event.eventId} disablePadding>
                    <ListItemButton component={RouterLink} to={eventDetailsPath(event.eventId)}>
                      <ListItemText primary={event.name} secondary={[showTime(event.date).dateTime, event.team?.name].filter(Boolean).join(' · ')} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
        </>
      )}
    </Container>
  );
}
