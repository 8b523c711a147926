import { ImageIcon } from '../../../components/ImageIcon.js';
import { Paper, Text } from '../../../components/ui/index.js';
import { RACE_TYPE_LABELS, raceDistance, trackTitle } from '../labels.js';
import type { RaceEventDto } from '../types.js';
import './eventDetails.css';

/** One line of a race event's sessions: what it is, and where and how long when known. */
function Session({ primary, secondary }: { primary: string; secondary?: string }) {
  return (
    <li className="pd-event-list-item">
      <span className="pd-event-list-primary">{primary}</span>
      {secondary && <span className="pd-event-list-secondary">{secondary}</span>}
    </li>
  );
}

/** An event's race events: track, qualifying, and each race with its distance. */
export function RaceEventsList({ raceEvents }: { raceEvents: RaceEventDto[] }) {
  return (
    <>
      {raceEvents.map((raceEvent, index) => (
        <Paper key={raceEvent.id} className="pd-race-event">
          <Text variant="subtitle1" as="h3" className="pd-race-event-title">
            {!raceEvent.externalTrackName && <ImageIcon src={raceEvent.track?.icon} size={28} />}
            <span>
              {raceEvents.length > 1 ? `${index + 1}. ` : ''}
              {trackTitle(raceEvent.track, raceEvent.externalTrackName)}
            </span>
          </Text>
          {raceEvent.track && !raceEvent.externalTrackName && (
            <Text variant="body2" tone="secondary">
              {raceEvent.track.country} · {(raceEvent.track.lengthMeters / 1000).toFixed(3)} km
            </Text>
          )}
          <ul aria-label={`Sessions at ${trackTitle(raceEvent.track, raceEvent.externalTrackName)}`} className="pd-event-list pd-event-list--flush">
            {raceEvent.qualifyEnabled && raceEvent.qualify && (
              <Session
                primary="Qualifying"
                secondary={[raceEvent.qualify.track ? trackTitle(raceEvent.qualify.track) : '', raceDistance(raceEvent.qualify)].filter(Boolean).join(' · ')}
              />
            )}
            {raceEvent.races.map((race) => (
              <Session
                key={race.id}
                primary={RACE_TYPE_LABELS[race.raceEventType]}
                secondary={[race.track ? trackTitle(race.track) : '', raceDistance(race)].filter(Boolean).join(' · ') || undefined}
              />
            ))}
          </ul>
        </Paper>
      ))}
    </>
  );
}
