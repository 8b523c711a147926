import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { RivalScheduleEntryDto } from '@paddock/contracts/rivals.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { viewerTimeZone } from '../../../components/dateTime.js';
import { rivalsQueries } from '../api.js';
import { groupByDay } from '../scheduleDays.js';

/** SPEC §2: a server's next three days, grouped by day in the viewer's time zone (max width 600, max height 550). */
export function ScheduleDialog({ server, onClose }: { server: RivalScheduleEntryDto; onClose: () => void }) {
  const titleId = useId();
  const upcoming = useQuery(rivalsQueries.upcoming(server.id));
  const days = groupByDay((upcoming.data?.tracks ?? []).map(({ scheduled, track }) => ({ scheduled, trackName: track.trackName, name: track.name })));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 600, maxHeight: 550 } } }}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ImageIcon src={server.game.icon} size={28} />
        {server.serverName}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Times in your time zone ({viewerTimeZone()}).
        </Typography>
        {upcoming.isPending ? (
          <Box role="status" aria-label="Loading the schedule">
            <Skeleton height={120} />
          </Box>
        ) : upcoming.isError ? (
          <Typography>The schedule could not be loaded.</Typography>
        ) : days.length === 0 ? (
          <Typography>Currently no schedule active.</Typography>
        ) : (
          days.map((day) => (
            <Box key={day.key} component="section" aria-label={day.label} sx={{ mb: 2 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {day.label}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {day.entries.map((entry) => (
                  <Box component="li" key={entry.scheduled} sx={{ display: 'flex', gap: 2, py: 0.5 }}>
                    <Box component="span" sx={{ width: 96, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                      {entry.time}
                    </Box>
                    <span>
                      {entry.trackName}
                      {entry.variant && (
                        <Typography component="span" color="text.secondary">
                          {' '}
                          · {entry.variant}
                        </Typography>
                      )}
                    </span>
                  </Box>
                ))}
              </Box>
            </Box>
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
