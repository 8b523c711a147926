import { PLATFORMS } from '@paddock/contracts/catalogue.js';
import { SelectField } from '../../../components/ui/index.js';
import type { EventListFilters, PlatformFilter } from '../api.js';
import { PLATFORM_LABELS } from '../labels.js';
import type { GameDto } from '../types.js';

const ALL_GAMES = 'all';
const PLATFORM_OPTIONS = (['ALL', ...PLATFORMS] as PlatformFilter[]).map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }));

/** Game and platform filters of Event-List. */
export function EventFilters({ games, value, onChange }: { games: GameDto[]; value: EventListFilters; onChange: (next: EventListFilters) => void }) {
  const gameOptions = [{ value: ALL_GAMES, label: 'All games' }, ...games.map((game) => ({ value: String(game.id), label: game.name }))];
  return (
    <div className="pd-event-filters">
      <SelectField
        label="Game"
        className="pd-event-filter-game"
        options={gameOptions}
        value={value.gameId === null ? ALL_GAMES : String(value.gameId)}
        onChange={(event) => onChange({ ...value, gameId: event.target.value === ALL_GAMES ? null : Number(event.target.value) })}
      />
      <SelectField
        label="Platform"
        className="pd-event-filter-platform"
        options={PLATFORM_OPTIONS}
        value={value.platform}
        onChange={(event) => onChange({ ...value, platform: event.target.value as PlatformFilter })}
      />
    </div>
  );
}
