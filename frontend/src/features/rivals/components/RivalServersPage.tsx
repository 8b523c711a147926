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
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import type { RivalRotation, RivalServerDto, RivalServerRequest } from '@paddock/contracts/rivals.js';
import { EditButton } from '../../../components/EditButton.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { showTime } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { catalogueQueries } from '../../catalogue/index.js';
import { rivalsQueries, useDeleteServer, useSaveServer } from '../api.js';
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

export const ROTATION_CHECKS = {
  everyHours: (hours: string) => {
    const value = Number(hours);
    return Number.isInteger(value) && value >= 1 && value <= 168 ? true : 'Rotate every 1 to 168 hours';
  },
  dailyAt: (time: string) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? true : 'Enter a time of day as HH:MM (UTC)'),
};

/** The form's field an API path is about: the platform or crossplay group is one choice, the rotation is its hours or its time (whichever is shown). */
function serverFieldOf(path: string, shown: readonly FieldPath<ServerDraft>[]): FieldPath<ServerDraft> | null {
  const head = path.split('.')[0]!;
  if (head === 'platform' || head === 'crossplay') return 'platformChoice';
  if (head === 'rotation') return shown.includes('everyHours') ? 'everyHours' : 'dailyAt';
  return (['name', 'gameId', 'trackIds', 'active'] as const).find((field) => field === head) ?? null;
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

function ServerDialog({ server, onClose }: { server: RivalServerDto | null; onClose: () => void }) {
  const titleId = useId();
  const saveServer = useSaveServer();
  const deleteServer = useDeleteServer();
  const apiForm = useApiForm<ServerDraft, RivalServerDto>({
    defaultValues: draftOf(server),
    submit: (draft, key) => saveServer(server?.id ?? null, requestOf(draft), key),
    onSaved: onClose,
    notSaved: 'The server was not saved',
    fieldOf: serverFieldOf,
  });
  const { form, onSubmit, busy, status, setStatus, text, controlled, feedback, rules } = apiForm;
  const { control, setValue } = form;
  const [addTrack, setAddTrack] = useState('');
  const gameChoice = useWatch({ control, name: 'gameId' });
  const trackIds = useWatch({ control, name: 'trackIds' });
  const rotationKind = useWatch({ control, name: 'rotationKind' });
  const games = useQuery(catalogueQueries.games());
  const gameId = gameChoice ? Number(gameChoice) : null;
  const game = games.data?.find((candidate) => candidate.id === gameId);
  const variants = new Map(useTrackVariants(gameId).map((variant) => [variant.id, variant.label] as const));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = () => {
    setDeleting(true);
    deleteServer(server?.id ?? 0)
      .then(onClose)
      .catch((error: unknown) => setStatus({ failure: { message: failureMessage(error, 'The server was not deleted'), others: [] }, success: null }))
      .finally(() => setDeleting(false));
  };
  const setTracks = (next: number[]) => setValue('trackIds', next, { shouldValidate: form.formState.isSubmitted });
  const move = (index: number, by: number) => {
    const next = [...trackIds];
    const [moved] = next.splice(index, 1);
    if (moved !== undefined) next.splice(index + by, 0, moved);
    setTracks(next);
  };
  // The tracks are a list the buttons below build, not an input: registered for its check alone.
  form.register('trackIds', rules('trackIds', { label: 'Tracks', required: true }));

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{server ? `Edit ${server.name}` : 'New rivals server'}</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <TextField {...text('name', { label: 'Name', required: true })} />
          <SelectField
            form={apiForm}
            name="gameId"
            label="Game"
            required
            options={(games.data ?? []).map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            onChosen={() => {
              setValue('platformChoice', '');
              setValue('trackIds', []);
            }}
          />
          <SelectField
            form={apiForm}
            name="platformChoice"
            label="Platform or crossplay"
            required
            disabled={!game}
            options={[
              ...(game?.platforms ?? [...PLATFORMS]).map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] })),
              ...(game?.crossPlayPlatforms ?? []).map((group) => ({
                value: `crossplay:${group.name}`,
                label: `Crossplay: ${group.name} (${group.platforms.map((platform) => PLATFORM_LABELS[platform]).join(', ')})`,
              })),
            ]}
          />
          <Box>
            <Typography variant="subtitle2" component="h3">
              Tracks in rotation order
            </Typography>
            {trackIds.length > 0 && (
              <List dense aria-label="Tracks in rotation order">
                {trackIds.map((id, index) => (
                  <ListItem
                    key={`${id}-${index}`}
                    divider
                    secondaryAction={
                      <Box>
                        <IconButton size="small" aria-label={`Move ${variants.get(id) ?? id} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                          ↑
                        </IconButton>
                        <IconButton size="small" aria-label={`Move ${variants.get(id) ?? id} down`} disabled={index === trackIds.length - 1} onClick={() => move(index, 1)}>
                          ↓
                        </IconButton>
                        <IconButton size="small" aria-label={`Remove ${variants.get(id) ?? id}`} onClick={() => setTracks(trackIds.filter((_, at) => at !== index))}>
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
                {...feedback('trackIds')}
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
                  setTracks([...trackIds, Number(addTrack)]);
                  setAddTrack('');
                }}
              >
                Add
              </Button>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <SelectField
              form={apiForm}
              name="rotationKind"
              label="Rotation"
              sx={{ minWidth: 200 }}
              options={[
                { value: 'EVERY_HOURS', label: 'Every N hours' },
                { value: 'DAILY', label: 'Daily at a time (UTC)' },
              ]}
            />
            {rotationKind === 'EVERY_HOURS' ? (
              <TextField
                type="number"
                {...text('everyHours', { label: 'Hours', required: true, validate: ROTATION_CHECKS.everyHours })}
                slotProps={{ htmlInput: { min: 1, max: 168 } }}
              />
            ) : (
              <TextField placeholder="20:00" {...text('dailyAt', { label: 'Time of day (UTC)', required: true, validate: ROTATION_CHECKS.dailyAt, help: 'HH:MM' })} />
            )}
          </Box>
          <Controller
            {...controlled('active', { label: 'Active' })}
            render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Active" />}
          />
          <FormStatusMessage status={status} flush />
        </DialogContent>
        <DialogActions>
          {server && (
            <Button color="error" disabled={deleting} onClick={() => (confirmDelete ? remove() : setConfirmDelete(true))} sx={{ mr: 'auto' }}>
              {confirmDelete ? 'Delete: are you sure?' : 'Delete'}
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
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
            <TableHeader columns={['Name', 'Game', 'Platform', 'Current track', 'Rotation', 'Next rotation', 'Active', '']} />
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
                    <EditButton name={server.name} onClick={() => setEditing(server)} />
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
