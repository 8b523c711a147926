import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizePlatformId } from '../../competitions/index.js';
import { entrants, raceOfEvent } from '../../events/index.js';
import { DRIVER_NAMES } from '../../profiles/index.js';
import type { ResolveDriver } from '../session/timing-session.js';

interface EntrantRow {
  profile_id: number;
  names: (string | null)[];
  steam_id: string | null;
}

const folded = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Matches the game's drivers to the race's entrants: by Steam id where the source gives one (AC), else by
 * the name shown in the game (the profile's name, alternative name or Steam name, case aside); a hidden
 * profile stays a guest. Read once when the ingester starts: a driver entered later is shown as a guest
 * until the next start.
 */
export async function raceDriverResolver(em: EntityManager, raceId: number): Promise<ResolveDriver> {
  const race = await raceOfEvent(em, raceId);
  const profileIds = race ? (await entrants(em, [race.eventId])).map((entrant) => entrant.profileId) : [];
  if (profileIds.length === 0) return () => null;
  const rows = await em.execute<EntrantRow[]>(
    `select p.id as profile_id, array[p.name, p.alternative_name, p.steam_username] as names, p.steam_id
       from ${DRIVER_NAMES} p where not p.hidden and p.id in (${profileIds.map(() => '?').join(', ')})`,
    profileIds,
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
