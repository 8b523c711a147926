import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
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
import { useId, useState, type FormEvent } from 'react';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import type { RivalRotation, RivalServerDto, RivalServerRequest } from '@paddock/contracts/rivals.js';
import { showTime } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { errorsFor, otherErrors, type FieldErrors } from '../../../components/form/saveWithImage.js';
import { ApiError } from '../../../lib/api/client.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { rivalsCommands, rivalsKeys, rivalsQueries } from '../api.js';
import { PLATFORM_LABELS, trackLabel } from '../labels.js';
import { useTrackVariants } from './TrackChoice.js';

/** "every 6 h" or "daily at 20:00 UTC". */
export function rotationText(rotation: RivalRotation): string {
  return rotation.kind === 'EVERY_HOURS' ? `every ${rotation.everyHours} h` : `daily at ${rotation.dailyAt} UTC`;
}

interface ServerDraft {
  name: string;
  gameId: string;
  /** A platform, or `crossplay:<group name>`. */
  platformChoice: string;
  trackIds: number[];
  rotationKind: RivalRotation['kind'];
  everyHours: string;
  dailyAt: string;
  active: boolean;
}

const draftOf = (server: RivalServerDto | null): ServerDraft => ({
  name: server?.name ?? '',
  gameId: server ? String(server.game.id) : '',
  platformChoice: server ? (server.crossplay ? `crossplay:${server.crossplay}` : (server.platform ?? '')) : '',
  trackIds: server?.tracks.map((track) => track.id) ?? [],
  rotationKind: server?.rotation.kind ?? 'EVERY_HOURS',
  everyHours: server?.rotation.kind === 'EVERY_HOURS' ? String(server.rotation.everyHours) : '24',
  dailyAt: server?.rotation.kind === 'DAILY' ? server.rotation.dailyAt : '20:00',
  active: server?.active ?? true,
});

/** The form's own checks (the API checks the same again); messages by the request's field names. */
export function checkServerDraft(draft: ServerDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.name.trim()) errors.name = ['Enter the server name'];
  if (!draft.gameId) errors.gameId = ['Choose the game'];
  if (!draft.platformChoice) errors.platform = ['Choose a platform or a crossplay group'];
  if (draft.trackIds.length === 0) errors.trackIds = ['Add at least one track'];
  if (draft.rotationKind === 'EVERY_HOURS') {
    const hours = Number(draft.everyHours);
    if (!Number.isInteger(hours) || hours < 1 || hours > 168) errors.rotation = ['Rotate every 1 to 168 hours'];
  } else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.dailyAt)) errors.rotation = ['Enter a time of day as HH:MM (UTC)'];
  return errors;
}

function requestOf(draft: ServerDraft): RivalServerRequest {
  const crossplay = draft.platformChoice.startsWith('crossplay:') ? draft.platformChoice.slice('crossplay:'.length) : null;
  return {
    name: draft.name.trim(),
    gameId: Number(draft.gameId),
    platform: crossplay ? null : (draft.platformChoice as Platform),
    crossplay,
    trackIds: draft.trackIds,
    rotation: draft.rotationKind === 'EVERY_HOURS' ? { kind: 'EVERY_HOURS', everyHours: Number(draft.everyHours) } : { kind: 'DAILY', dailyAt: draft.dailyAt },
    active: draft.active,
  };
}

function fieldErrorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as { message?: unknown; errors?: unknown };
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : {};
    if (Object.keys(errors).length) return errors;
    if (typeof body.message === 'string') return { '': [body.message] };
  }
  return { '': ['The server could not be saved. Try again.'] };
}

function ServerDialog({ server, onClose }: { server: RivalServerDto | null; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ServerDraft>(() => draftOf(server));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [addTrack, setAddTrack] = useState('');
  const games = useQuery(catalogueQueries.games());
  const gameId = draft.gameId ? Number(draft.gameId) : null;
  const game = games.data?.find((candidate) => candidate.id === gameId);
  const variants = new Map(useTrackVariants(gameId).map((variant) => [variant.id, variant.label] as const));
  const save = useMutation({
    mutationFn: () => rivalsCommands.saveServer(server?.id ?? null, requestOf(draft)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rivalsKeys.servers });
      void queryClient.invalidateQueries({ queryKey: rivalsKeys.schedule });
      onClose();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => rivalsCommands.deleteServer(server?.id ?? 0),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rivalsKeys.servers });
      void queryClient.invalidateQueries({ queryKey: rivalsKeys.schedule });
      onClose();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkServerDraft(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const move = (index: number, by: number) =>
    setDraft((current) => {
      const trackIds = [...current.trackIds];
      const [moved] = trackIds.splice(index, 1);
      if (moved !== undefined) trackIds.splice(index + by, 0, moved);
      return { ...current, trackIds };
    });
  const error = (field: string) => errorsFor(errors, field, true);
  const others = otherErrors(errors, (path) =>
    ['name', 'gameId', 'platform', 'crossplay', 'trackIds', 'rotation', 'active'].some((field) => path === field || path.startsWith(`${field}.`)),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{server ? `Edit ${server.name}` : 'New rivals server'}</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label="Name"
            required
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            error={Boolean(error('name'))}
            helperText={error('name')}
          />
          <TextField
            select
            label="Game"
            required
            value={draft.gameId}
            onChange={(event) => setDraft({ ...draft, gameId: event.target.value, platformChoice: '', trackIds: [] })}
            error={Boolean(error('gameId'))}
            helperText={error('gameId')}
          >
            {(games.data ?? []).map((candidate) => (
              <MenuItem key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Platform or crossplay"
            required
            value={draft.platformChoice}
            onChange={(event) => setDraft({ ...draft, platformChoice: event.target.value })}
            error={Boolean(error('platform') ?? error('crossplay'))}
            helperText={error('platform') ?? error('crossplay')}
            disabled={!game}
          >
            {(game?.platforms ?? [...PLATFORMS]).map((platform) => (
              <MenuItem key={platform} value={platform}>
                {PLATFORM_LABELS[platform]}
              </MenuItem>
            ))}
            {(game?.crossPlayPlatforms ?? []).map((group) => (
              <MenuItem key={group.name} value={`crossplay:${group.name}`}>
                Crossplay: {group.name} ({group.platforms.map((platform) => PLATFORM_LABELS[platform]).join(', ')})
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography variant="subtitle2" component="h3">
              Tracks in rotation order
            </Typography>
            {draft.trackIds.length > 0 && (
              <List dense aria-label="Tracks in rotation order">
                {draft.trackIds.map((id, index) => (
                  <ListItem
                    key={`${id}-${index}`}
                    divider
                    secondaryAction={
                      <Box>
                        <IconButton size="small" aria-label={`Move ${variants.get(id) ?? id} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                          ↑
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={`Move ${variants.get(id) ?? id} down`}
                          disabled={index === draft.trackIds.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          ↓
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={`Remove ${variants.get(id) ?? id}`}
                          onClick={() => setDraft({ ...draft, trackIds: draft.trackIds.filter((_, at) => at !== index) })}
                        >
                          ×
                        </IconButton>
                      </Box>
                    }
                  >
                    <ListItemText primary={`${index + 1}. ${variants.get(id) ?? `Track ${id}`}`} />
                  </ListItem>
                ))}
              </List>
            )}
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <TextField
                select
                size="small"
                label="Add a track"
                value={addTrack}
                onChange={(event) => setAddTrack(event.target.value)}
                disabled={!game}
                error={Boolean(error('trackIds'))}
                helperText={error('trackIds')}
                sx={{ flexGrow: 1 }}
              >
                {[...variants].map(([id, label]) => (
                  <MenuItem key={id} value={String(id)}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                disabled={!addTrack}
                onClick={() => {
                  setDraft({ ...draft, trackIds: [...draft.trackIds, Number(addTrack)] });
                  setAddTrack('');
                }}
              >
                Add
              </Button>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              select
              label="Rotation"
              value={draft.rotationKind}
              onChange={(event) => setDraft({ ...draft, rotationKind: event.target.value as RivalRotation['kind'] })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="EVERY_HOURS">Every N hours</MenuItem>
              <MenuItem value="DAILY">Daily at a time (UTC)</MenuItem>
            </TextField>
            {draft.rotationKind === 'EVERY_HOURS' ? (
              <TextField
                label="Hours"
                type="number"
                value={draft.everyHours}
                onChange={(event) => setDraft({ ...draft, everyHours: event.target.value })}
                error={Boolean(error('rotation'))}
                helperText={error('rotation')}
                slotProps={{ htmlInput: { min: 1, max: 168 } }}
              />
            ) : (
              <TextField
                label="Time of day (UTC)"
                placeholder="20:00"
                value={draft.dailyAt}
                onChange={(event) => setDraft({ ...draft, dailyAt: event.target.value })}
                error={Boolean(error('rotation'))}
                helperText={error('rotation') ?? 'HH:MM'}
              />
            )}
          </Box>
          <FormControlLabel control={<Checkbox checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.target.checked })} />} label="Active" />
          {others.length > 0 && <Alert severity="error">{others.join(' ')}</Alert>}
        </DialogContent>
        <DialogActions>
          {server && (
            <Button color="error" disabled={remove.isPending} onClick={() => (confirmDelete ? remove.mutate() : setConfirmDelete(true))} sx={{ mr: 'auto' }}>
              {confirmDelete ? 'Delete: are you sure?' : 'Delete'}
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Admin: the rivals servers, their platform or crossplay group, their tracks in order and their rotation (issue #12). */
export default function RivalServersPage() {
  const servers = useQuery(rivalsQueries.servers());
  const [editing, setEditing] = useState<RivalServerDto | 'new' | null>(null);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Rivals servers</PageTitle>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          New server
        </Button>
      </Box>
      {servers.isPending ? (
        <Typography role="status">Loading servers…</Typography>
      ) : servers.isError ? (
        <EmptyState title="The servers could not be loaded" />
      ) : servers.data.length === 0 ? (
        <EmptyState title="No rivals servers yet">Add one: its tracks rotate on their own and Home shows its schedule.</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Rivals servers">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Game</TableCell>
                <TableCell>Platform</TableCell>
                <TableCell>Current track</TableCell>
                <TableCell>Rotation</TableCell>
                <TableCell>Next rotation</TableCell>
                <TableCell>Active</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {servers.data.map((server) => (
                <TableRow key={server.id}>
                  <TableCell component="th" scope="row">
                    {server.name}
                  </TableCell>
                  <TableCell>{server.game.name}</TableCell>
                  <TableCell>{server.crossplay ? `Crossplay: ${server.crossplay}` : server.platform ? PLATFORM_LABELS[server.platform] : '—'}</TableCell>
                  <TableCell>
                    {server.tracks[server.currentIndex] ? trackLabel(server.tracks[server.currentIndex]) : '—'} ({server.tracks.length} in rotation)
                  </TableCell>
                  <TableCell>{rotationText(server.rotation)}</TableCell>
                  <TableCell>{showTime(server.rotationTime).short}</TableCell>
                  <TableCell>{server.active ? 'Yes' : 'No'}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setEditing(server)} aria-label={`Edit ${server.name}`}>
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <ServerDialog server={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Container>
  );
}
