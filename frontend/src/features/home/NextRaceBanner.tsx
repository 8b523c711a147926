import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { showTime } from '../../components/dateTime.js';
import { eventLinkTarget, nextRaceLabel, type EventSummary } from '../events/index.js';

export const LOBBY_NOTE = 'Lobbies often open 30 minutes before the race.';

/** Which banner an event gets on Home (SPEC §2): assessment warning, season race, or any other race. */
export type BannerVariant = 'assessment' | 'season' | 'race';

export function bannerVariant(event: Pick<EventSummary, 'assessmentEvent' | 'season'>): BannerVariant {
  if (event.assessmentEvent) return 'assessment';
  if (event.season) return 'season';
  return 'race';
}

/** The signed-in driver's next race on Home. */
export function NextRaceBanner({ event }: { event: EventSummary }) {
  const { date, time } = showTime(event.date);
  const target = eventLinkTarget(event);
  const when = (
    <time dateTime={event.date}>
      {date} · {time}
    </time>
  );
  const variant = bannerVariant(event);

  if (variant === 'assessment') {
    return (
      <Alert severity="warning" component="section" role="region" aria-label="Next race" sx={{ mb: 3 }}>
        <AlertTitle component="h2">Assessment race</AlertTitle>
        <Typography sx={{ fontWeight: 600 }}>
          {nextRaceLabel(event)} · {when}
        </Typography>
        <Typography sx={{ mt: 1 }}>Joining an assessment race is needed to race in all our competitions. {LOBBY_NOTE}</Typography>
        <Link component={RouterLink} to={target} sx={{ display: 'inline-block', mt: 1, fontWeight: 600 }}>
          Event info and lobby host
        </Link>
      </Alert>
    );
  }
  if (variant === 'season' && event.season) {
    return (
      <Paper component="section" aria-label="Next race" sx={{ p: 2, mb: 3, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Typography variant="overline" component="p">
          Next series race
        </Typography>
        <Typography variant="h5" component="h2">
          {event.season.competition.name}
        </Typography>
        <Typography>{when}</Typography>
        <Link component={RouterLink} to={target} color="inherit" sx={{ display: 'inline-block', mt: 1, fontWeight: 600 }}>
          Event info
        </Link>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-label="Next race" sx={{ p: 2, mb: 3 }}>
      <Typography variant="overline" component="p" color="text.secondary">
        Your next race
      </Typography>
      <Typography variant="h5" component="h2">
        <Link component={RouterLink} to={target} underline="hover">
          {event.name}
        </Link>
      </Typography>
      <Typography>{when}</Typography>
      <Typography color="text.secondary">{LOBBY_NOTE}</Typography>
    </Paper>
  );
}
