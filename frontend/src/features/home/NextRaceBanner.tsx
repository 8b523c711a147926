import { showTime } from '../../components/dateTime.js';
import { Alert, Paper, Text, TextLink } from '../../components/ui/index.js';
import { eventLinkTarget, nextRaceLabel, type EventSummary } from '../events/index.js';
import './home.css';

export const LOBBY_NOTE = 'Lobbies often open 30 minutes before the race.';

/** Which banner an event gets on Home (SPEC §2): assessment warning, season race, or any other race. */
export type BannerVariant = 'assessment' | 'season' | 'race';

export function bannerVariant(event: Pick<EventSummary, 'assessmentEvent' | 'season'>): BannerVariant {
  if (event.assessmentEvent) return 'assessment';
  if (event.season) return 'season';
  return 'race';
}

/**
 * The next race on Home: the signed-in driver's own (`mine`), else the league's next one, said to be the
 * league's with an invitation to join it.
 */
export function NextRaceBanner({ event, mine }: { event: EventSummary; mine: boolean }) {
  const invitation = !mine && <Text className="pd-home-gap">You are not in it yet: join it from the event page.</Text>;
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
      <Alert severity="warning" role="region" aria-label="Next race" className="pd-next-race" title={<h2 className="pd-home-alert-heading">Assessment race</h2>}>
        <Text className="pd-home-strong">
          {nextRaceLabel(event)} · {when}
        </Text>
        <Text className="pd-home-gap">Joining an assessment race is needed to race in all our competitions. {LOBBY_NOTE}</Text>
        <TextLink to={target} className="pd-next-race-link">
          Event info and lobby host
        </TextLink>
      </Alert>
    );
  }
  if (variant === 'season' && event.season) {
    return (
      <Paper as="section" variant="elevated" aria-label="Next race" className="pd-next-race pd-next-race--season">
        <Text variant="overline" as="p">
          {mine ? 'Your next series race' : 'The league’s next series race'}
        </Text>
        <Text variant="h5" as="h2">
          {event.season.competition.name}
        </Text>
        <Text>{when}</Text>
        {invitation}
        <TextLink to={target} look="inherit" className="pd-next-race-link pd-next-race-link--underlined">
          Event info
        </TextLink>
      </Paper>
    );
  }
  return (
    <Paper as="section" variant="outlined" aria-label="Next race" className="pd-next-race">
      <Text variant="overline" as="p" tone="secondary">
        {mine ? 'Your next race' : 'The league’s next race'}
      </Text>
      <Text variant="h5" as="h2">
        <TextLink to={target} className="pd-home-hover-link">
          {event.name}
        </TextLink>
      </Text>
      <Text>{when}</Text>
      {invitation}
      <Text tone="secondary">{LOBBY_NOTE}</Text>
    </Paper>
  );
}
