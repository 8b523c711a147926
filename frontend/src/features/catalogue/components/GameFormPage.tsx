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
import { routeId } from '../../../components/routeId.js';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { isNotFound, LoadFailure } from './LoadFailure.js';
import { useQuery } from '@tanstack/react-query';
import type { CrossPlayGroupRequest, GameRequest } from '@paddock/contracts/catalogue.js';
import { catalogueCommands, catalogueQueries, type GameDto } from '../api.js';
import { useSave } from '../useSave.js';
import { FormFailure } from '../../../components/form/FormFailure.js';
import { PlatformChecks } from './PlatformChecks.js';
import { pathTo } from '../../../app/routes/routeTable.js';

/** The game as the form holds it: crossplay groups always present. */
type GameRecord = GameRequest & { crossPlayPlatforms: CrossPlayGroupRequest[] };

const SHOWN = /^(name|platforms|icon|crossPlayPlatforms(\.\d+\.(name|platforms))?)$/;

function GameForm({ game }: { game: GameDto | null }) {
  const navigate = useNavigate();
  const [record, setRecord] = useState<GameRecord>(
    game ? { id: game.id, name: game.name, platforms: game.platforms, crossPlayPlatforms: game.crossPlayPlatforms } : { name: '', platforms: [], crossPlayPlatforms: [] },
  );
  const [icon, setIcon] = useState<File | null>(null);
  const save = useSave(
    () => catalogueCommands.saveGame(record, icon),
    (saved) => {
      navigate(pathTo('Admin-Game', { game: saved.id }), { replace: !game });
    },
    SHOWN,
  );
  const set = (patch: Partial<GameRecord>) => setRecord((current) => ({ ...current, ...patch }));
  const setGroup = (index: number, patch: Partial<GameRecord['crossPlayPlatforms'][number]>) =>
    set({ crossPlayPlatforms: record.crossPlayPlatforms.map((group, i) => (i === index ? { ...group, ...patch } : group)) });

  return (
    <Box
      component="form"
      noValidate
      aria-label={game ? 'Edit game' : 'New game'}
      onSubmit={(event) => (event.preventDefault(), save.submit())}
      sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
    >
      <TextField
        label="Name"
        required
        value={record.name}
        onChange={(event) => set({ name: event.target.value })}
        error={Boolean(save.fieldError('name'))}
        helperText={save.fieldError('name')}
      />
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

/** Admin-Game: create (`/admin/games/new`) or edit a game; an id that names no game shows the not-found page. */
export default function GameFormPage() {
  const param = useParams().game ?? 'new';
  const isNew = param === 'new';
  const id = routeId(param);
  const game = useQuery({ ...catalogueQueries.game(id ?? 0), enabled: !isNew && id !== null });
  if (!isNew) {
    if (id === null || isNotFound(game.error)) return <NotFoundPage />;
    if (game.isPending) return <CenteredLoader label="Loading game" />;
    if (!game.data) return <LoadFailure what="game" back={pathTo('Admin-Games')} />;
  }
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button component={RouterLink} to={pathTo('Admin-Games')}>
        ← All games
      </Button>
      <PageTitle>{game.data ? game.data.name : 'New game'}</PageTitle>
      <GameForm key={game.data?.id ?? 'new'} game={game.data ?? null} />
    </Container>
  );
}
