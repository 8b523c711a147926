import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { showTime } from '../../../components/dateTime.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { eventDetailsPath, eventLinkTarget } from '../eventLinkTarget.js';
import { PLATFORM_LABELS } from '../labels.js';
import { nextRaceLabel } from '../nextRaceLabel.js';
import type { EventSummary } from '../types.js';
import { isPastEvent, SeatsAvailable } from './SeatsAvailable.js';

export interface EventCardProps {
  event: EventSummary;
  /** A picture on top: the fixed assessment-race image on Event-Assessment, else the event's icon if any. */
  image?: string;
  headingLevel?: 'h2' | 'h3';
}

/** An event at a glance: name (linked by the SPEC §2 rule), game, time, track, seats, and a Details button. */
export function EventCard({ event, image, headingLevel = 'h3' }: EventCardProps) {
  const picture = image ?? event.icon ?? undefined;
  const track = nextRaceLabel(event);
  const time = showTime(event.date);
  return (
    <Card variant="outlined" component="article" aria-label={event.name} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {picture && <CardMedia component="img" image={picture} alt="" sx={{ height: 140, objectFit: 'cover' }} />}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6, display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <ImageIcon src={event.game.icon} size={20} />
          {event.game.name}
          {event.assessmentEvent ? ' · Assessment' : ''}
          {event.season ? ` · ${event.season.competition.name}` : ''}
        </Typography>
        <Typography variant="h6" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={eventLinkTarget(event)} color="inherit" underline="hover">
            {event.name}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <time dateTime={event.date}>{time.dateTime}</time>
        </Typography>
        {track && (
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            {event.raceEvents.length === 1 && <ImageIcon src={event.raceEvents[0]!.track?.icon} size={20} />}
            {track}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {event.platforms.map((platform) => (
            <Chip key={platform} size="small" label={PLATFORM_LABELS[platform]} />
          ))}
          {event.live && <Chip size="small" color="error" label="Live now" />}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <SeatsAvailable seats={event.seats} attendanceCount={event.attendanceCount} past={isPastEvent(event)} />
        <Box sx={{ ml: 'auto' }}>
          <Button component={RouterLink} to={eventDetailsPath(event.id)} size="small" variant="contained" aria-label={`Details of ${event.name}`}>
            Details
          </Button>
        </Box>
      </CardActions>
    </Card>
  );
}
