import { Controller, useFieldArray } from 'react-hook-form';
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
import { catalogueQueries, useSaveTrack, type TrackDto } from '../api.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { fieldUnder } from '../../../lib/forms/apiErrors.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { GameSelect } from './GameSelect.js';
import { pathTo } from '../../../app/routes/routeTable.js';

interface VariantValues {
  /** The existing variant's id (kept and renamed on save); none for a new one. */
  variantId?: number;
  name: string;
  lengthMeters: string;
}

interface TrackValues {
  gameId: string;
  name: string;
  country: string;
  variants: VariantValues[];
  icon: File | null;
}

const newVariant = (): VariantValues => ({ name: '', lengthMeters: '' });

function TrackForm({ track, defaultGameId, focusVariants }: { track: TrackDto | null; defaultGameId: string; focusVariants: boolean }) {
  const navigate = useNavigate();
  const games = useQuery(catalogueQueries.games());
  const saveTrack = useSaveTrack();
  const { form, onSubmit, busy, status, text, controlled, errorOf } = useApiForm<TrackValues, TrackDto>({
    defaultValues: {
      gameId: track ? String(track.gameId) : defaultGameId,
      name: track?.name ?? '',
      country: track?.country ?? '',
      variants: track ? track.variants.map((variant) => ({ variantId: variant.id, name: variant.name, lengthMeters: String(variant.lengthMeters) })) : [newVariant()],
      icon: null,
    },
    submit: (values, key) => saveTrack(trackRequest(track, values), values.icon, key),
    onSaved: (saved) => {
      navigate(pathTo('Admin-Track', { track: saved.id }), { replace: !track });
    },
    notSaved: 'The track was not saved',
    fieldOf: (path, fields) => (path === 'game' || path.startsWith('game.') ? 'gameId' : fieldUnder(fields, path)),
  });
  const variants = useFieldArray({ control: form.control, name: 'variants' });

  return (
    <Box component="form" noValidate aria-label={track ? 'Edit track' : 'New track'} onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      {!focusVariants && (
        <>
          <Controller
            {...controlled('gameId', { label: 'Game', required: true })}
            render={({ field }) => <GameSelect games={games.data ?? []} value={field.value} onChange={field.onChange} error={errorOf('gameId')} />}
          />
          <TextField {...text('name', { label: 'Track name', required: true })} />
          <TextField
            {...text('country', { label: 'Country', required: true, help: 'Two-letter code, e.g. GB' })}
            slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }}
          />
          <Controller
            {...controlled('icon', { label: 'Track icon' })}
            render={({ field }) => <ImageField label="Track icon" file={field.value} onChange={field.onChange} currentUrl={track?.icon} error={errorOf('icon')} />}
          />
        </>
      )}
      <Typography variant="h6" component="h2">
        Variants
      </Typography>
      {variants.fields.map((variant, index) => (
        <Box key={variant.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, alignItems: 'start' }}>
          <TextField size="small" {...text(`variants.${index}.name`, { label: `Variant ${index + 1} name`, required: true })} />
          <TextField size="small" inputMode="numeric" {...text(`variants.${index}.lengthMeters`, { label: `Variant ${index + 1} length (m)`, required: true })} />
          <Button size="small" color="error" disabled={variants.fields.length === 1} onClick={() => variants.remove(index)}>
            Remove variant {index + 1}
          </Button>
        </Box>
      ))}
      <Box>
        <Button onClick={() => variants.append(newVariant())}>Add variant</Button>
      </Box>
      <FormStatusMessage status={status} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {track ? 'Save track' : 'Create track'}
        </Button>
      </Box>
    </Box>
  );
}

function trackRequest(track: TrackDto | null, { gameId, name, country, variants }: TrackValues): TrackRequest {
  return {
    ...(track ? { id: track.id } : {}),
    game: { id: Number(gameId) },
    name,
    country,
    variants: variants.map((variant) => ({ ...(variant.variantId ? { id: variant.variantId } : {}), name: variant.name, lengthMeters: Number(variant.lengthMeters) })),
  };
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
