import { Controller, useFieldArray } from 'react-hook-form';
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
import { catalogueQueries, useSaveGame, type GameDto } from '../api.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { PlatformChecks } from '../../../components/form/PlatformChecks.js';
import { PLATFORM_LABELS } from '../../events/index.js';
import { pathTo } from '../../../app/routes/routeTable.js';

/** The game as the form holds it: crossplay groups always present, and the icon chosen. */
type GameValues = Omit<GameRequest, 'id'> & { crossPlayPlatforms: CrossPlayGroupRequest[]; icon: File | null };

function GameForm({ game }: { game: GameDto | null }) {
  const navigate = useNavigate();
  const saveGame = useSaveGame();
  const { form, onSubmit, busy, status, text, controlled, errorOf } = useApiForm<GameValues, GameDto>({
    defaultValues: { name: game?.name ?? '', platforms: game?.platforms ?? [], crossPlayPlatforms: game?.crossPlayPlatforms ?? [], icon: null },
    submit: ({ icon, ...record }, key) => saveGame({ ...(game ? { id: game.id } : {}), ...record }, icon, key),
    onSaved: (saved) => {
      navigate(pathTo('Admin-Game', { game: saved.id }), { replace: !game });
    },
    notSaved: 'The game was not saved',
  });
  const groups = useFieldArray({ control: form.control, name: 'crossPlayPlatforms' });

  return (
    <Box component="form" noValidate aria-label={game ? 'Edit game' : 'New game'} onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <TextField {...text('name', { label: 'Name', required: true })} />
      <Controller
        {...controlled('platforms', { label: 'Platforms', required: true })}
        render={({ field }) => <PlatformChecks label="Platforms" labels={PLATFORM_LABELS} value={field.value} onChange={field.onChange} error={errorOf('platforms')} />}
      />
      <Controller
        {...controlled('icon', { label: 'Game icon' })}
        render={({ field }) => <ImageField label="Game icon" file={field.value} onChange={field.onChange} currentUrl={game?.icon} error={errorOf('icon')} />}
      />
      <Typography variant="h6" component="h2">
        Crossplay groups
      </Typography>
      {groups.fields.map((group, index) => (
        <Paper key={group.id} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
          <TextField size="small" {...text(`crossPlayPlatforms.${index}.name`, { label: `Group ${index + 1} name` })} />
          <Controller
            {...controlled(`crossPlayPlatforms.${index}.platforms`, { label: `Group ${index + 1} platforms` })}
            render={({ field }) => (
              <PlatformChecks
                label={`Group ${index + 1} platforms`}
                labels={PLATFORM_LABELS}
                value={field.value}
                onChange={field.onChange}
                error={errorOf(`crossPlayPlatforms.${index}.platforms`)}
              />
            )}
          />
          <Box>
            <Button size="small" color="error" onClick={() => groups.remove(index)}>
              Remove group {index + 1}
            </Button>
          </Box>
        </Paper>
      ))}
      <Box>
        <Button onClick={() => groups.append({ name: '', platforms: [] })}>Add crossplay group</Button>
      </Box>
      <FormStatusMessage status={status} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
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
