import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { organizerEventsApi } from '../api.js';
import type { EventDto } from '../types.js';

/** Publish (optionally announcing it on Discord) or unpublish an event. */
export function PublishPanel({ event, onChanged }: { event: EventDto; onChanged: (event: EventDto) => void }) {
  const [sendNotification, setSendNotification] = useState(true);
  const [busy, setBusy] = useState(false);
  const change = (publish: boolean) => {
    setBusy(true);
    organizerEventsApi
      .publish(event.id, publish, publish && sendNotification)
      .then(onChanged, () => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Box component="section" aria-label="Publishing">
      <Typography variant="h6" component="h2" gutterBottom>
        Publishing <Chip size="small" label={event.published ? 'Published' : 'Draft'} color={event.published ? 'success' : 'default'} sx={{ ml: 1 }} />
      </Typography>
      {event.published ? (
        <Button variant="outlined" color="warning" disabled={busy} onClick={() => change(false)}>
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
