import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../lib/api/client.js';
import { eventsApi } from '../api.js';
import type { EventDto } from '../types.js';

/** Why the API refused: the field's messages, else the body's message. */
function refusal(error: unknown, field: string): string {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return 'Could not go live; try again.';
  const body = error.body as { message?: string; errors?: Record<string, string[]> };
  return body.errors?.[field]?.join('; ') ?? body.message ?? 'Could not go live; try again.';
}

/** Start the event's live stream (every open header's live-race button turns on) or end it. */
export function LivePanel({ event, onChanged }: { event: EventDto; onChanged: (live: boolean) => void }) {
  const [streamUrl, setStreamUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    setError(null);
    eventsApi
      .startLive(event.id, streamUrl.trim())
      .then(() => onChanged(true), (failure: unknown) => setError(refusal(failure, 'streamUrl')))
      .finally(() => setBusy(false));
  };
  const stop = () => {
    setBusy(true);
    eventsApi
      .stopLive(event.id)
      .then(() => onChanged(false), () => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Box component="section" aria-label="Live stream">
      <Typography variant="h6" component="h2" gutterBottom>
        Live stream
      </Typography>
      {event.live ? (
        <Button variant="contained" color="error" disabled={busy} onClick={stop}>
          End live
        </Button>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label="Stream URL"
            placeholder="https://www.twitch.tv/yourchannel"
            value={streamUrl}
            onChange={(changeEvent) => setStreamUrl(changeEvent.target.value)}
            error={Boolean(error)}
            helperText={error ?? 'A YouTube video or a Twitch channel'}
            sx={{ minWidth: { xs: '100%', sm: 360 } }}
          />
          <Button variant="contained" disabled={busy || !event.published || !streamUrl.trim()} onClick={start}>
            Go live
          </Button>
        </Box>
      )}
      {!event.published && !event.live && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Publish the event before going live.
        </Typography>
      )}
    </Box>
  );
}
