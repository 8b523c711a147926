import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { showTime } from '../../components/dateTime.js';
import { FormStatusMessage } from '../../components/form/FormStatusMessage.js';
import { SelectField } from '../../components/form/SelectField.js';
import { useApiForm } from '../../lib/forms/useApiForm.js';
import { eventQueries, useAttachVideo } from '../events/index.js';

const RECENT = { pageNumber: 0, pageSize: 50 };

type VideoValues = { eventId: string; youtubeUrl: string };

/** Organizers attach or change a past race's video (`POST /api/events/youtube/{id}`); Media and Home show it live. */
export function AttachVideoPanel() {
  const attachVideo = useAttachVideo();
  const past = useQuery(eventQueries.past(RECENT));
  const events = past.data?.content ?? [];
  const nameOf = (eventId: string) => events.find((event) => String(event.id) === eventId)?.name ?? 'the race';
  const video = useApiForm<VideoValues, string>({
    defaultValues: { eventId: '', youtubeUrl: '' },
    submit: async ({ eventId, youtubeUrl }, key) => {
      await attachVideo(Number(eventId), youtubeUrl.trim(), key);
      return nameOf(eventId);
    },
    notSaved: 'The video was not saved',
    saved: (name) => `Video saved for ${name}`,
  });
  const { onSubmit, busy, status, text, form } = video;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Box component="form" noValidate aria-label="Race video" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Typography variant="h6" component="h2">
          Attach or change a race video
        </Typography>
        <SelectField
          form={video}
          name="eventId"
          label="Race"
          required
          help={past.isPending ? 'Loading past races…' : events.length === 0 ? 'No past races yet' : 'Past races, newest first (times in your time zone)'}
          options={events.map((event) => ({
            value: String(event.id),
            label: `${event.name} · ${showTime(event.date).dateTime}${event.youtubeUrl ? ' · has a video' : ''}`,
          }))}
          onChosen={(eventId) => {
            form.setValue('youtubeUrl', events.find((event) => String(event.id) === eventId)?.youtubeUrl ?? '');
            video.setStatus({ failure: null, success: null });
          }}
        />
        <TextField {...text('youtubeUrl', { label: 'YouTube link', required: true, help: 'e.g. https://www.youtube.com/watch?v=…' })} />
        <FormStatusMessage status={status} flush />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Save video
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
