import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../lib/api/client.js';
import { eventCommands } from '../api.js';
import { applyOwnLive } from '../cache.js';
import type { EventDto } from '../types.js';

/** Why the API refused: the field's messages, else the body's message. */
function refusal(error: unknown, field: string): string {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return 'Could not go live; try again.';
  const body = error.body as { message?: string; errors?: Record<string, string[]> };
  return body.errors?.[field]?.join('; ') ?? body.message ?? 'Could not go live; try again.';
}

/** Start the event's live stream (every open header's live-race button turns on) or end it. */
export function LivePanel({ event }: { event: EventDto }) {
  const [streamUrl, setStreamUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const goLive = useMutation({
    mutationFn: () => eventCommands.startLive(event.id, streamUrl.trim()),
    onMutate: () => setError(null),
    onSuccess: (live) => applyOwnLive(queryClient, event.id, live),
    onError: (failure) => setError(refusal(failure, 'streamUrl')),
  });
  const endLive = useMutation({
    mutationFn: () => eventCommands.stopLive(event.id),
    onSuccess: () => applyOwnLive(queryClient, event.id, null),
  });
  const busy = goLive.isPending || endLive.isPending;
  const start = () => goLive.mutate();
  const stop = () => endLive.mutate();
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
