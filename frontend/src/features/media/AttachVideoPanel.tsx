import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { showTime } from '../../components/dateTime.js';
import type { VideoDto, YoutubeRequest } from '@paddock/contracts/events.js';
import { ApiError, api } from '../../lib/api/client.js';
import { eventKeys, eventQueries } from '../events/index.js';

const RECENT = { pageNumber: 0, pageSize: 50 };

/** The message of a refused save: the field's own, else the body's. */
function problemOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Saving failed. Check your connection and try again.';
  const body = typeof error.body === 'object' && error.body !== null ? (error.body as { message?: unknown; errors?: Record<string, string[]> }) : {};
  return body.errors?.youtubeUrl?.join('; ') ?? (typeof body.message === 'string' ? body.message : `Saving failed (${error.status})`);
}

/** Organizers attach or change a past race's video (`POST /api/events/youtube/{id}`); Media and Home show it live. */
export function AttachVideoPanel() {
  const queryClient = useQueryClient();
  const past = useQuery(eventQueries.past(RECENT));
  const events = past.data?.content ?? [];
  const [eventId, setEventId] = useState<number | ''>('');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = (id: number) => {
    setEventId(id);
    setUrl(events.find((event) => event.id === id)?.youtubeUrl ?? '');
    setProblem(null);
    setSaved(null);
  };
  const submit = () => {
    if (eventId === '') return setProblem('Choose the race first');
    setBusy(true);
    setProblem(null);
    // Quiet: a refusal is shown beside the link, not in the Error dialog.
    api
      .post<VideoDto>(`/events/youtube/${eventId}`, { youtubeUrl: url.trim() } satisfies YoutubeRequest, { silent: true })
      .then(() => {
        setSaved(`Video saved for ${events.find((event) => event.id === eventId)?.name ?? 'the race'}`);
        void queryClient.invalidateQueries({ queryKey: eventKeys.all });
        void queryClient.invalidateQueries({ queryKey: eventKeys.videos });
      })
      .catch((error: unknown) => setProblem(problemOf(error)))
      .finally(() => setBusy(false));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Box component="form" noValidate aria-label="Race video" onSubmit={(event) => (event.preventDefault(), submit())} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Typography variant="h6" component="h2">
          Attach or change a race video
        </Typography>
        <TextField
          select
          label="Race"
          value={eventId}
          onChange={(event) => choose(Number(event.target.value))}
          helperText={past.isPending ? 'Loading past races…' : events.length === 0 ? 'No past races yet' : 'Past races, newest first (times in your time zone)'}
        >
          {events.map((event) => (
            <MenuItem key={event.id} value={event.id}>
              {event.name} · {showTime(event.date).dateTime}
              {event.youtubeUrl ? ' · has a video' : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="YouTube link"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? 'e.g. https://www.youtube.com/watch?v=…'}
        />
        {saved && (
          <Alert severity="success" role="status">
            {saved}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy || eventId === ''}>
            Save video
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
