import { showTime } from '../../../components/dateTime.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { ButtonLink, Card, CardActions, CardContent, CardMedia, Chip, Text, TextLink } from '../../../components/ui/index.js';
import { eventDetailsPath, eventLinkTarget } from '../eventLinkTarget.js';
import { PLATFORM_LABELS } from '../labels.js';
import { nextRaceLabel } from '../nextRaceLabel.js';
import type { EventSummary } from '../types.js';
import { isPastEvent, SeatsAvailable } from './SeatsAvailable.js';
import './eventCard.css';

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
    <Card as="article" aria-label={event.name} className="pd-event-card">
      {picture && <CardMedia src={picture} alt="" className="pd-event-card-media" />}
      <CardContent className="pd-event-card-content">
        <Text variant="overline" as="p" tone="secondary" className="pd-event-card-game">
          <ImageIcon src={event.game.icon} size={20} />
          {event.game.name}
          {event.assessmentEvent ? ' · Assessment' : ''}
          {event.season ? ` · ${event.season.competition.name}` : ''}
        </Text>
        <Text variant="h6" as={headingLevel} className="pd-event-card-name">
          <TextLink to={eventLinkTarget(event)} look="inherit">
            {event.name}
          </TextLink>
        </Text>
        <Text variant="body2" className="pd-event-card-time">
          <time dateTime={event.date}>{time.dateTime}</time>
        </Text>
        {track && (
          <Text variant="body2" tone="secondary" className="pd-event-card-track">
            {event.raceEvents.length === 1 && <ImageIcon src={event.raceEvents[0]!.track?.icon} size={20} />}
            {track}
          </Text>
        )}
        <div className="pd-event-card-chips">
          {event.platforms.map((platform) => (
            <Chip key={platform} size="small" label={PLATFORM_LABELS[platform]} />
          ))}
          {event.live && <Chip size="small" color="error" label="Live now" />}
        </div>
      </CardContent>
      <CardActions className="pd-event-card-actions">
        <SeatsAvailable seats={event.seats} attendanceCount={event.attendanceCount} past={isPastEvent(event)} />
        <ButtonLink to={eventDetailsPath(event.id)} size="small" variant="contained" aria-label={`Details of ${event.name}`}>
          Details
        </ButtonLink>
      </CardActions>
    </Card>
  );
}
