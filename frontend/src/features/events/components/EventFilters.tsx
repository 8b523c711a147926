import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PLATFORMS } from '@paddock/contracts/catalogue.js';
import type { EventListFilters, PlatformFilter } from '../api.js';
import { PLATFORM_LABELS } from '../labels.js';
import type { GameDto } from '../types.js';

const PLATFORM_FILTERS: PlatformFilter[] = ['ALL', ...PLATFORMS];
const ALL_GAMES = 'all';

/** Game and platform filters of Event-List. */
export function EventFilters({ games, value, onChange }: { games: GameDto[]; value: EventListFilters; onChange: (next: EventListFilters) => void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label="Game"
        value={value.gameId === null ? ALL_GAMES : String(value.gameId)}
        onChange={(event) => onChange({ ...value, gameId: event.target.value === ALL_GAMES ? null : Number(event.target.value) })}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value={ALL_GAMES}>All games</MenuItem>
        {games.map((game) => (
          <MenuItem key={game.id} value={String(game.id)}>
            {game.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Platform"
        value={value.platform}
        onChange={(event) => onChange({ ...value, platform: event.target.value as PlatformFilter })}
        sx={{ minWidth: 180 }}
      >
        {PLATFORM_FILTERS.map((platform) => (
          <MenuItem key={platform} value={platform}>
            {PLATFORM_LABELS[platform]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
