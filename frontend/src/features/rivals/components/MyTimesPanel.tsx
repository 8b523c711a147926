import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { RIVAL_CONDITIONS, type RivalConditions, type RivalTimeDto, type RivalTimeStatus } from '@paddock/contracts/rivals.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { showTime } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { usePaging } from '../../../components/usePaging.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { rivalsQueries, useSubmitTime } from '../api.js';
import { parseLapTime } from '../lapTime.js';
import { PLATFORM_LABELS, trackLabel } from '../labels.js';
import { ProvisionalMarker } from './ProvisionalMarker.js';

interface Draft {
  gameId: string;
  trackId: string;
  carId: string;
  platform: Platform | '';
  conditions: RivalConditions;
  time: string;
  videoUrl: string;
}

interface TimeValues extends Draft {
  screenshot: File | null;
}

/** What the form checks before sending (a required field left empty is named by the form); the API checks the same again. */
export const TIME_CHECKS = {
  time: (text: string) => {
    const time = parseLapTime(text);
    return time.ok ? true : time.message;
  },
  videoUrl: (link: string, values: Pick<TimeValues, 'screenshot'>) => {
    const video = link.trim();
    if (!values.screenshot && !video) return 'Add a screenshot or a video link that shows the time, track and car';
    return !video || /^https?:\/\/\S+$/i.test(video) ? true : 'Enter a full link starting with https://';
  },
};

const STATUS_LABELS: Record<RivalTimeStatus, string> = { PROVISIONAL: 'Waiting for a steward', VERIFIED: 'Verified', REJECTED: 'Rejected' };

function MyTimes() {
  const { paging, request, setPaging } = usePaging();
  const times = useQuery(rivalsQueries.myTimes(request.pageNumber, request.pageSize));
  if (times.isPending) return <Typography role="status">Loading your times…</Typography>;
  if (times.isError) return <Typography>Your times could not be loaded.</Typography>;
  if (times.data.content.length === 0) return <EmptyState title="You have not set a time yet" />;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="My times">
          <TableHeader columns={['Track', 'Car', 'Platform', { label: 'Time', align: 'right' }, 'State', 'Set']} />
          <TableBody>
            {times.data.content.map((time: RivalTimeDto) => (
              <TableRow key={time.id}>
                <TableCell component="th" scope="row">
                  {trackLabel(time.track)}
                </TableCell>
                <TableCell>{time.car.name}</TableCell>
                <TableCell>{PLATFORM_LABELS[time.platform]}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {time.timeAsText}
                </TableCell>
                <TableCell>
                  {time.status === 'PROVISIONAL' ? (
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <ProvisionalMarker /> {STATUS_LABELS.PROVISIONAL}
                    </Box>
                  ) : (
                    <Chip size="small" color={time.status === 'VERIFIED' ? 'success' : 'error'} label={STATUS_LABELS[time.status]} />
                  )}
                  {time.status === 'REJECTED' && time.rejectReason && (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      Reason: {time.rejectReason}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{showTime(time.setAt).short}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination label="My times pages" paging={paging} totalElements={times.data.totalElements} onChange={setPaging} />
    </>
  );
}

/**
 * Setting a time (issue #12): console drivers (and PC drivers without a server file) send the lap
 * with a screenshot or a video link; it shows as provisional until a steward verifies it, and a
 * rejection's reason shows in "My times".
 */
export function MyTimesPanel({ defaults }: { defaults: { gameId: number | null; trackId: number | null; platform: Platform | null } }) {
  const formId = useId();
  const submitTime = useSubmitTime();
  const apiForm = useApiForm<TimeValues, RivalTimeDto>({
    defaultValues: {
      gameId: defaults.gameId === null ? '' : String(defaults.gameId),
      trackId: defaults.trackId === null ? '' : String(defaults.trackId),
      carId: '',
      platform: defaults.platform ?? '',
      conditions: 'DRY',
      time: '',
      videoUrl: '',
      screenshot: null,
    },
    submit: (values, key) => {
      const time = parseLapTime(values.time);
      return submitTime(
        {
          trackId: Number(values.trackId),
          carId: Number(values.carId),
          platform: values.platform as Platform,
          time: time.ok ? time.ms : values.time,
          conditions: values.conditions,
          videoUrl: values.videoUrl.trim() || null,
        },
        values.screenshot,
        key,
      );
    },
    onSaved: () => {
      form.setValue('time', '');
      form.setValue('videoUrl', '');
      form.setValue('screenshot', null);
    },
    notSaved: 'Your time was not sent',
    saved: (time) => (time.status === 'PROVISIONAL' ? `Sent: ${time.timeAsText} is provisional until a steward verifies it.` : `Saved: ${time.timeAsText}.`),
  });
  const { form, onSubmit, busy, status, text, controlled, errorOf } = apiForm;
  const { control, setValue } = form;
  const gameChoice = useWatch({ control, name: 'gameId' });
  const screenshot = useWatch({ control, name: 'screenshot' });
  const gameId = gameChoice ? Number(gameChoice) : null;
  const games = useQuery(catalogueQueries.games());
  const tracks = useQuery(catalogueQueries.tracksOf(gameId));
  const cars = useQuery(catalogueQueries.carsOf(gameId));
  const game = games.data?.find((candidate) => candidate.id === gameId);
  const platforms = game?.platforms.length ? game.platforms : [...PLATFORMS];

  // The board chosen above is where a new time most likely goes.
  useEffect(() => {
    if (defaults.gameId !== null) setValue('gameId', String(defaults.gameId));
    if (defaults.trackId !== null) setValue('trackId', String(defaults.trackId));
    if (defaults.platform) setValue('platform', defaults.platform);
  }, [defaults.gameId, defaults.trackId, defaults.platform, setValue]);

  return (
    <Box component="section" aria-labelledby={`${formId}-title`} sx={{ mt: 4 }}>
      <Typography id={`${formId}-title`} variant="h5" component="h2" gutterBottom>
        Set a time
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Your time shows as provisional until a steward has checked your proof.
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Set a time"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
      >
        <SelectField
          form={apiForm}
          name="gameId"
          label="Game"
          size="small"
          options={(games.data ?? []).map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          onChosen={() => {
            setValue('trackId', '');
            setValue('carId', '');
          }}
        />
        <SelectField
          form={apiForm}
          name="trackId"
          label="Track"
          required
          size="small"
          disabled={gameId === null}
          options={(tracks.data ?? []).flatMap((track) =>
            track.variants.map((variant) => ({ value: String(variant.id), label: trackLabel({ trackName: track.name, name: variant.name }) })),
          )}
        />
        <SelectField
          form={apiForm}
          name="carId"
          label="Car"
          required
          size="small"
          disabled={gameId === null}
          options={(cars.data ?? []).map((car) => ({ value: String(car.id), label: car.name }))}
        />
        <SelectField
          form={apiForm}
          name="platform"
          label="Platform"
          required
          size="small"
          options={platforms.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }))}
        />
        <SelectField
          form={apiForm}
          name="conditions"
          label="Conditions"
          size="small"
          options={RIVAL_CONDITIONS.map((conditions) => ({ value: conditions, label: conditions === 'DRY' ? 'Dry' : 'Wet' }))}
        />
        <TextField
          size="small"
          placeholder="1:47.123"
          {...text('time', { label: 'Lap time', required: true, validate: TIME_CHECKS.time, help: 'minutes:seconds.milliseconds' })}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <TextField size="small" {...text('videoUrl', { label: 'Video link', validate: TIME_CHECKS.videoUrl, deps: ['screenshot'], help: 'Or a screenshot below' })} />
        <Controller
          {...controlled('screenshot', { label: 'Screenshot' })}
          render={({ field }) => (
            <Box>
              <Button component="label" variant="outlined">
                {screenshot ? 'Change screenshot' : 'Add screenshot'}
                <input hidden type="file" accept="image/*" aria-label="Screenshot" onChange={(event) => field.onChange(event.target.files?.[0] ?? null)} />
              </Button>
              <Typography variant="body2" sx={{ mt: 0.5 }} color={errorOf('screenshot') ? 'error' : 'text.secondary'}>
                {errorOf('screenshot') ?? (screenshot ? screenshot.name : 'Showing the time, track and car')}
              </Typography>
            </Box>
          )}
        />
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : 'Send time'}
          </Button>
        </Box>
        {(status.failure || status.success) && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormStatusMessage status={status} flush />
          </Box>
        )}
      </Box>
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        My times
      </Typography>
      <MyTimes />
    </Box>
  );
}
