import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ImageIcon } from '../../../components/ImageIcon.js';
import type { GameDto } from '../api.js';

/** Choose one game (the catalogue's tracks and cars belong to a game). */
export function GameSelect({
  games,
  value,
  onChange,
  error,
  label = 'Game',
}: {
  games: GameDto[];
  value: string;
  onChange: (gameId: string) => void;
  error?: string;
  label?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: 240 }}
    >
      {games.map((game) => (
        <MenuItem key={game.id} value={String(game.id)} sx={{ gap: 1 }}>
          <ImageIcon src={game.icon} size={20} />
          {game.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
