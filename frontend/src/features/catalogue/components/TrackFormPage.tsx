import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { isNotFound, LoadFailure } from './LoadFailure.js';
import { useQuery } from '@tanstack/react-query';
import type { TrackRequest } from '@paddock/contracts/catalogue.js';
import { catalogueCommands, catalogueQueries, type TrackDto } from '../api.js';
import { useSave } from '../useSave.js';
import { FormFailure } from '../../../components/form/FormFailure.js';
import { GameSelect } from './GameSelect.js';
import { pathTo } from '../../../app/routes/routeTable.js';

const SHOWN = /^(game(\.id)?|name|country|icon|variants(\.\d+\.(name|lengthMeters))?)$/;

interface VariantValues {
  id?: number;
  name: string;
  lengthMeters: string;
}

function TrackForm({ track, defaultGameId, focusVariants }: { track: TrackDto | null; defaultGameId: string; focusVariants: boolean }) {
  const navigate = useNavigate();
  const games = useQuery(catalogueQueries.games());
  const [gameId, setGameId] = useState(track ? String(track.gameId) : defaultGameId);
  const [name, setName] = useState(track?.name ?? '');
  const [country, setCountry] = useState(track?.country ?? '');
  const [variants, setVariants] = useState<VariantValues[]>(
    track ? track.variants.map((variant) => ({ id: variant.id, name: variant.name, lengthMeters: String(variant.lengthMeters) })) : [{ name: '', lengthMeters: '' }],
  );
  const [icon, setIcon] = useState<File | null>(null);
  const record = (): TrackRequest => ({
    ...(track ? { id: track.id } : {}),
    game: { id: Number(gameId) },
    name,
    country,
    variants: variants.map((variant) => ({ ...(variant.id ? { id: variant.id } : {}), name: variant.name, lengthMeters: Number(variant.lengthMeters) })),
  });
  const save = useSave(
    () => catalogueCommands.saveTrack(record(), icon),
    (saved) => {
      navigate(pathTo('Admin-Track', { track: saved.id }), { replace: !track });
    },
    SHOWN,
  );
  const setVariant = (index: number, patch: Partial<VariantValues>) =>
    setVariants((current) => current.map((variant, i) => (i === index ? { ...variant, ...patch } : variant)));

  return (
    <Box
      component="form"
      noValidate
      aria-label={track ? 'Edit track' : 'New track'}
      onSubmit={(event) => (event.preventDefault(), save.submit())}
      sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
    >
      {!focusVariants && (
        <>
          <GameSelect games={games.data ?? []} value={gameId} onChange={setGameId} error={save.fieldError('game', true)} />
          <TextField
            label="Track name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(save.fieldError('name'))}
            helperText={save.fieldError('name')}
          />
          <TextField
            label="Country"
            required
            value={country}
            onChange={(event) => setCountry(event.target.value)}
            error={Boolean(save.fieldError('country'))}
            helperText={save.fieldError('country') ?? 'Two-letter code, e.g. GB'}
            slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }}
          />
          <ImageField label="Track icon" file={icon} onChange={setIcon} currentUrl={track?.icon} error={save.fieldError('icon')} />
        </>
      )}
      <Typography variant="h6" component="h2">
        Variants
      </Typography>
      {variants.map((variant, index) => (
        <Box key={variant.id ?? `new-${index}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, alignItems: 'start' }}>
          <TextField
            size="small"
            label={`Variant ${index + 1} name`}
            value={variant.name}
            onChange={(event) => setVariant(index, { name: event.target.value })}
            error={Boolean(save.fieldError(`variants.${index}.name`))}
            helperText={save.fieldError(`variants.${index}.name`)}
          />
          <TextField
            size="small"
            label={`Variant ${index + 1} length (m)`}
            inputMode="numeric"
            value={variant.lengthMeters}
            onChange={(event) => setVariant(index, { lengthMeters: event.target.value })}
            error={Boolean(save.fieldError(`variants.${index}.lengthMeters`))}
            helperText={save.fieldError(`variants.${index}.lengthMeters`)}
          />
          <Button size="small" color="error" disabled={variants.length === 1} onClick={() => setVariants((current) => current.filter((_v, i) => i !== index))}>
            Remove variant {index + 1}
          </Button>
        </Box>
      ))}
      {save.fieldError('variants') && <Typography color="error">{save.fieldError('variants')}</Typography>}
      <Box>
        <Button onClick={() => setVariants((current) => [...current, { name: '', lengthMeters: '' }])}>Add variant</Button>
      </Box>
      <FormFailure message={save.message} others={save.others} />
      <Box>
        <Button type="submit" variant="contained" disabled={save.busy}>
          {track ? 'Save track' : 'Create track'}
        </Button>
      </Box>
    </Box>
  );
}

/** Admin-Track (create with `/admin/tracks/new`, or edit) and Admin-Track-Variants (the variants only); an id that names no track shows the not-found page. */
export default function TrackFormPage({ variantsOnly = false }: { variantsOnly?: boolean }) {
  const param = useParams().track ?? 'new';
  const [searchParams] = useSearchParams();
  const isNew = param === 'new';
  const id = routeId(param);
  const track = useQuery({ ...catalogueQueries.track(id ?? 0), enabled: !isNew && id !== null });
  if (!isNew) {
    if (id === null || isNotFound(track.error)) return <NotFoundPage />;
    if (track.isPending) return <CenteredLoader label="Loading track" />;
    if (!track.data) return <LoadFailure what="track" back={pathTo('Admin-Tracks')} />;
  }
  const title = track.data ? (variantsOnly ? `${track.data.name}: variants` : track.data.name) : 'New track';
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button component={RouterLink} to={`${pathTo('Admin-Tracks')}${track.data ? `?game=${track.data.gameId}` : ''}`}>
        ← All tracks
      </Button>
      <PageTitle>{title}</PageTitle>
      <TrackForm key={track.data?.id ?? 'new'} track={track.data ?? null} defaultGameId={searchParams.get('game') ?? ''} focusVariants={variantsOnly && Boolean(track.data)} />
    </Container>
  );
}
