import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { RIVAL_CONDITIONS, type RivalConditions, type RivalTimeDto, type RivalTimeStatus } from '@paddock/contracts/rivals.js';
import { showTime } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { SaveFailure, errorsFor, otherErrors, type FieldErrors } from '../../../components/form/saveWithImage.js';
import { usePaging } from '../../../components/usePaging.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { rivalsCommands, rivalsKeys, rivalsQueries } from '../api.js';
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

const SHOWN_FIELDS = ['trackId', 'carId', 'platform', 'time', 'conditions', 'videoUrl', 'screenshot'];

/** What the form checks before sending; the API checks the same again and its messages show beside the same fields. */
export function checkDraft(draft: Draft, screenshot: File | null): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.trackId) errors.trackId = ['Choose the track'];
  if (!draft.carId) errors.carId = ['Choose the car'];
  if (!draft.platform) errors.platform = ['Choose the platform'];
  const time = parseLapTime(draft.time);
  if (!time.ok) errors.time = [time.message];
  const video = draft.videoUrl.trim();
  if (!screenshot && !video) errors.videoUrl = ['Add a screenshot or a video link that shows the time, track and car'];
  else if (video && !/^https?:\/\/\S+$/i.test(video)) errors.videoUrl = ['Enter a full link starting with https://'];
  return errors;
}

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
          <TableHead>
            <TableRow>
              <TableCell>Track</TableCell>
              <TableCell>Car</TableCell>
              <TableCell>Platform</TableCell>
              <TableCell align="right">Time</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Set</TableCell>
            </TableRow>
          </TableHead>
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
  const queryClient = useQueryClient();
  const formId = useId();
  const [draft, setDraft] = useState<Draft>({
    gameId: defaults.gameId === null ? '' : String(defaults.gameId),
    trackId: defaults.trackId === null ? '' : String(defaults.trackId),
    carId: '',
    platform: defaults.platform ?? '',
    conditions: 'DRY',
    time: '',
    videoUrl: '',
  });
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<RivalTimeDto | null>(null);
  const gameId = draft.gameId ? Number(draft.gameId) : null;
  const games = useQuery(catalogueQueries.games());
  const tracks = useQuery(catalogueQueries.tracksOf(gameId));
  const cars = useQuery(catalogueQueries.carsOf(gameId));
  const game = games.data?.find((candidate) => candidate.id === gameId);
  const platforms = game?.platforms.length ? game.platforms : [...PLATFORMS];

  // The board chosen above is where a new time most likely goes.
  useEffect(() => {
    setDraft((current) => ({
      ...current,
      gameId: defaults.gameId === null ? current.gameId : String(defaults.gameId),
      trackId: defaults.trackId === null ? current.trackId : String(defaults.trackId),
      platform: defaults.platform ?? current.platform,
    }));
  }, [defaults.gameId, defaults.trackId, defaults.platform]);

  const submit = useMutation({
    mutationFn: () => {
      const time = parseLapTime(draft.time);
      return rivalsCommands.submitTime(
        {
          trackId: Number(draft.trackId),
          carId: Number(draft.carId),
          platform: draft.platform as Platform,
          time: time.ok ? time.ms : draft.time,
          conditions: draft.conditions,
          videoUrl: draft.videoUrl.trim() || null,
        },
        screenshot,
      );
    },
    onSuccess: (time) => {
      setSaved(time);
      setErrors({});
      setDraft((current) => ({ ...current, time: '', videoUrl: '' }));
      setScreenshot(null);
      void queryClient.invalidateQueries({ queryKey: rivalsKeys.all });
    },
    onError: (error) =>
      setErrors(
        error instanceof SaveFailure
          ? { ...error.fieldErrors, ...(Object.keys(error.fieldErrors).length ? {} : { '': [error.message] }) }
          : { '': ['Your time could not be sent. Try again.'] },
      ),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const found = checkDraft(draft, screenshot);
    setErrors(found);
    if (Object.keys(found).length === 0) submit.mutate();
  };
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const error = (field: string) => errorsFor(errors, field);
  const others = otherErrors(errors, (path) => SHOWN_FIELDS.includes(path));

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
        <TextField
          select
          size="small"
          label="Game"
          value={draft.gameId}
          onChange={(event) => setDraft((current) => ({ ...current, gameId: event.target.value, trackId: '', carId: '' }))}
        >
          {(games.data ?? []).map((candidate) => (
            <MenuItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Track"
          required
          value={draft.trackId}
          onChange={set('trackId')}
          error={Boolean(error('trackId'))}
          helperText={error('trackId')}
          disabled={gameId === null}
        >
          {(tracks.data ?? []).flatMap((track) =>
            track.variants.map((variant) => (
              <MenuItem key={variant.id} value={String(variant.id)}>
                {trackLabel({ trackName: track.name, name: variant.name })}
              </MenuItem>
            )),
          )}
        </TextField>
        <TextField
          select
          size="small"
          label="Car"
          required
          value={draft.carId}
          onChange={set('carId')}
          error={Boolean(error('carId'))}
          helperText={error('carId')}
          disabled={gameId === null}
        >
          {(cars.data ?? []).map((car) => (
            <MenuItem key={car.id} value={String(car.id)}>
              {car.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Platform"
          required
          value={draft.platform}
          onChange={set('platform')}
          error={Boolean(error('platform'))}
          helperText={error('platform')}
        >
          {platforms.map((platform) => (
            <MenuItem key={platform} value={platform}>
              {PLATFORM_LABELS[platform]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Conditions"
          value={draft.conditions}
          onChange={set('conditions')}
          error={Boolean(error('conditions'))}
          helperText={error('conditions')}
        >
          {RIVAL_CONDITIONS.map((conditions) => (
            <MenuItem key={conditions} value={conditions}>
              {conditions === 'DRY' ? 'Dry' : 'Wet'}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Lap time"
          required
          placeholder="1:47.123"
          value={draft.time}
          onChange={set('time')}
          error={Boolean(error('time'))}
          helperText={error('time') ?? 'minutes:seconds.milliseconds'}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <TextField
          size="small"
          label="Video link"
          value={draft.videoUrl}
          onChange={set('videoUrl')}
          error={Boolean(error('videoUrl'))}
          helperText={error('videoUrl') ?? 'Or a screenshot below'}
        />
        <Box>
          <Button component="label" variant="outlined">
            {screenshot ? 'Change screenshot' : 'Add screenshot'}
            <input hidden type="file" accept="image/*" aria-label="Screenshot" onChange={(event) => setScreenshot(event.target.files?.[0] ?? null)} />
          </Button>
          <Typography variant="body2" sx={{ mt: 0.5 }} color={error('screenshot') ? 'error' : 'text.secondary'}>
            {error('screenshot') ?? (screenshot ? screenshot.name : 'Showing the time, track and car')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={submit.isPending}>
            {submit.isPending ? 'Sending…' : 'Send time'}
          </Button>
        </Box>
      </Box>
      {others.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {others.join(' ')}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {saved.status === 'PROVISIONAL' ? `Sent: ${saved.timeAsText} is provisional until a steward verifies it.` : `Saved: ${saved.timeAsText}.`}
        </Alert>
      )}
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        My times
      </Typography>
      <MyTimes />
    </Box>
  );
}
