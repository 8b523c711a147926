import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizePlatformId } from '../../competitions/index.js';
import type { ResolveDriver } from '../session/timing-session.js';

interface EntrantRow {
  profile_id: number;
  names: (string | null)[];
  steam_id: string | null;
}

const folded = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Matches the game's drivers to the race's entrants: by Steam id where the source gives one (AC), else by
 * the name shown in the game (the profile's name, alternative name or Steam name, case aside). Read once
 * when the ingester starts: a driver entered later is shown as a guest until the next start.
 */
export async function raceDriverResolver(em: EntityManager, raceId: number): Promise<ResolveDriver> {
  const rows = await em.execute<EntrantRow[]>(
    `select p.id as profile_id, array[p.name, p.alternative_name, p.steam_username] as names, p.steam_id
       from races r
       join race_events re on re.id = r.race_event_id
       join event_attendance a on a.event_id = re.event_id
       join driver_profiles p on p.id = a.profile_id
      where r.id = ?`,
    [raceId],
  );
  const bySteamId = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const row of rows) {
    const steamId = normalizePlatformId(row.steam_id);
    if (steamId) bySteamId.set(steamId, row.profile_id);
    for (const name of row.names) if (name?.trim()) byName.set(folded(name), row.profile_id);
  }
  return (name, platformId) => {
    const id = normalizePlatformId(platformId);
    return (id ? bySteamId.get(id) : undefined) ?? byName.get(folded(name)) ?? null;
  };
}
