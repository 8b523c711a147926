import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { eventCommands } from '../api.js';
import { applyOwnEventChange } from '../cache.js';
import type { EventDto } from '../types.js';

/** Publish (optionally announcing it on Discord) or unpublish an event. */
export function PublishPanel({ event }: { event: EventDto }) {
  const [sendNotification, setSendNotification] = useState(true);
  const queryClient = useQueryClient();
  const publication = useMutation({
    mutationFn: (publish: boolean) => eventCommands.publish(event.id, publish, publish && sendNotification),
    // Every (un)publication is pushed as `events.changed`: that echo refreshes lists, not this event.
    onSuccess: (changed) => applyOwnEventChange(queryClient, changed, { echoed: true }),
  });
  const busy = publication.isPending;
  const change = (publish: boolean) => publication.mutate(publish);
  return (
    <Box component="section" aria-label="Publishing">
      <Typography variant="h6" component="h2" gutterBottom>
        Publishing <Chip size="small" label={event.published ? 'Published' : 'Draft'} color={event.published ? 'success' : 'default'} sx={{ ml: 1 }} />
      </Typography>
      {event.published ? (
        <Button variant="outlined" color="error" disabled={busy} onClick={() => change(false)}>
          Unpublish
        </Button>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={busy} onClick={() => change(true)}>
            Publish
          </Button>
          <FormControlLabel
            control={<Checkbox checked={sendNotification} onChange={(changeEvent) => setSendNotification(changeEvent.target.checked)} />}
            label="Send notification to Discord"
          />
        </Box>
      )}
    </Box>
  );
}
