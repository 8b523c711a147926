import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from '../../catalogue/index.js';
import { trackLabel } from '../labels.js';

/** A track variant to choose, named as the boards name it ("Spa-Francorchamps · GP"). */
export interface TrackVariant {
  id: number;
  label: string;
}

/** The track variants of a game (none until one is chosen), in the catalogue's order. */
export function useTrackVariants(gameId: number | null): TrackVariant[] {
  const tracks = useQuery(catalogueQueries.tracksOf(gameId));
  return (tracks.data ?? []).flatMap((track) => track.variants.map((variant) => ({ id: variant.id, label: trackLabel({ trackName: track.name, name: variant.name }) })));
}

/** The "Track" select of a board chooser: empty while the chosen track is not one of the game's variants. */
export function TrackSelect({
  variants,
  trackId,
  onChange,
  helperText,
  disabled,
  minWidth,
}: {
  variants: TrackVariant[];
  trackId: number | null;
  onChange: (trackId: number) => void;
  helperText?: string;
  disabled?: boolean;
  minWidth: number;
}) {
  return (
    <TextField
      select
      size="small"
      label="Track"
      value={trackId !== null && variants.some((variant) => variant.id === trackId) ? String(trackId) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={disabled}
      helperText={helperText}
      sx={{ minWidth }}
    >
      {variants.map((variant) => (
        <MenuItem key={variant.id} value={String(variant.id)}>
          {variant.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
