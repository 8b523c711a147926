import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { RACE_TYPE_LABELS, raceDistance, trackTitle } from '../labels.js';
import type { RaceEventDto } from '../types.js';

/** An event's race events: track, qualifying, and each race with its distance. */
export function RaceEventsList({ raceEvents }: { raceEvents: RaceEventDto[] }) {
  return (
    <>
      {raceEvents.map((raceEvent, index) => (
        <Paper key={raceEvent.id} variant="outlined" sx={{ p: 2, mb: 1.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
            {!raceEvent.externalTrackName && <ImageIcon src={raceEvent.track?.icon} size={28} />}
            <span>
              {raceEvents.length > 1 ? `${index + 1}. ` : ''}
              {trackTitle(raceEvent.track, raceEvent.externalTrackName)}
            </span>
          </Typography>
          {raceEvent.track && !raceEvent.externalTrackName && (
            <Typography variant="body2" color="text.secondary">
              {raceEvent.track.country} · {(raceEvent.track.lengthMeters / 1000).toFixed(3)} km
            </Typography>
          )}
          <List dense disablePadding aria-label={`Sessions at ${trackTitle(raceEvent.track, raceEvent.externalTrackName)}`}>
            {raceEvent.qualifyEnabled && raceEvent.qualify && (
              <ListItem disableGutters>
                <ListItemText
                  primary="Qualifying"
                  secondary={[raceEvent.qualify.track ? trackTitle(raceEvent.qualify.track) : '', raceDistance(raceEvent.qualify)].filter(Boolean).join(' · ')}
                />
              </ListItem>
            )}
            {raceEvent.races.map((race) => (
              <ListItem key={race.id} disableGutters>
                <ListItemText
                  primary={RACE_TYPE_LABELS[race.raceEventType]}
                  secondary={[race.track ? trackTitle(race.track) : '', raceDistance(race)].filter(Boolean).join(' · ') || undefined}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ))}
    </>
  );
}
