import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useLoad } from '../../../components/useLoad.js';
import { catalogueApi, type GameDto, type GameRecord } from '../api.js';
import { useSave } from '../useSave.js';
import { FormFailure } from './FormFailure.js';
import { PlatformChecks } from './PlatformChecks.js';

const SHOWN = /^(name|platforms|icon|crossPlayPlatforms(\.\d+\.(name|platforms))?)$/;

function GameForm({ game }: { game: GameDto | null }) {
  const navigate = useNavigate();
  const [record, setRecord] = useState<GameRecord>(
    game ? { id: game.id, name: game.name, platforms: game.platforms, crossPlayPlatforms: game.crossPlayPlatforms } : { name: '', platforms: [], crossPlayPlatforms: [] },
  );
  const [icon, setIcon] = useState<File | null>(null);
  const save = useSave(() => catalogueApi.saveGame(record, icon), (saved) => navigate(`/admin/games/${saved.id}`, { replace: !game }), SHOWN);
  const set = (patch: Partial<GameRecord>) => setRecord((current) => ({ ...current, ...patch }));
  const setGroup = (index: number, patch: Partial<GameRecord['crossPlayPlatforms'][number]>) =>
    set({ crossPlayPlatforms: record.crossPlayPlatforms.map((group, i) => (i === index ? { ...group, ...patch } : group)) });

  return (
    <Box component="form" noValidate aria-label={game ? 'Edit game' : 'New game'} onSubmit={(event) => (event.preventDefault(), save.submit())} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <TextField label="Name" required value={record.name} onChange={(event) => set({ name: event.target.value })} error={Boolean(save.fieldError('name'))} helperText={save.fieldError('name')} />
      <PlatformChecks label="Platforms" value={record.platforms} onChange={(platforms) => set({ platforms })} error={save.fieldError('platforms', true)} />
      <ImageField label="Game icon" file={icon} onChange={setIcon} currentUrl={game?.icon} error={save.fieldError('icon')} />
      <Typography variant="h6" component="h2">
        Crossplay groups
      </Typography>
      {record.crossPlayPlatforms.map((group, index) => (
        <Paper key={index} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
          <TextField
            size="small"
            label={`Group ${index + 1} name`}
            value={group.name}
            onChange={(event) => setGroup(index, { name: event.target.value })}
            error={Boolean(save.fieldError(`crossPlayPlatforms.${index}.name`))}
            helperText={save.fieldError(`crossPlayPlatforms.${index}.name`)}
          />
          <PlatformChecks
            label={`Group ${index + 1} platforms`}
            value={group.platforms}
            onChange={(platforms) => setGroup(index, { platforms })}
            error={save.fieldError(`crossPlayPlatforms.${index}.platforms`, true)}
          />
          <Box>
            <Button size="small" color="error" onClick={() => set({ crossPlayPlatforms: record.crossPlayPlatforms.filter((_g, i) => i !== index) })}>
              Remove group {index + 1}
            </Button>
          </Box>
        </Paper>
      ))}
      <Box>
        <Button onClick={() => set({ crossPlayPlatforms: [...record.crossPlayPlatforms, { name: '', platforms: [] }] })}>Add crossplay group</Button>
      </Box>
      <FormFailure message={save.message} others={save.others} />
      <Box>
        <Button type="submit" variant="contained" disabled={save.busy}>
          {game ? 'Save game' : 'Create game'}
        </Button>
      </Box>
    </Box>
  );
}

/** Admin-Game: create (`/admin/games/new`) or edit a game. */
export default function GameFormPage() {
  const param = useParams().game ?? 'new';
  const game = useLoad<GameDto | null>(() => (param === 'new' ? Promise.resolve(null) : catalogueApi.game(Number(param))), param);
  if (game.loading && game.data === undefined) return <CenteredLoader label="Loading game" />;
  if (param !== 'new' && !game.data) return null;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button component={RouterLink} to="/admin/games">
        ← All games
      </Button>
      <PageTitle>{game.data ? game.data.name : 'New game'}</PageTitle>
      <GameForm key={game.data?.id ?? 'new'} game={game.data ?? null} />
    </Container>
  );
}
