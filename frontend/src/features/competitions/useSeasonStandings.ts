import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../auth/index.js';
import { competitionQueries } from './api.js';
import type { SeasonDto } from './types.js';

/**
 * A season's standings as the viewer may see them: the public ones (GraphQL, published rounds) for
 * visitors and drivers; an organizer's preview over REST, with the unpublished rounds counted and
 * named, and the season's rounds as organizers see them (the unpublished ones too) for the columns.
 */
export function useSeasonStandings(seasonId: number | null, publicSeason: SeasonDto | undefined, enabled = true) {
  const { isOrganizer } = useAtomValue(sessionAtom);
  const id = seasonId ?? 0;
  const on = enabled && seasonId !== null;
  const publicStandings = useQuery({ ...competitionQueries.standings(id), enabled: on && !isOrganizer });
  const preview = useQuery({ ...competitionQueries.standingsPreview(id), enabled: on && isOrganizer });
  const organizerSeason = useQuery({ ...competitionQueries.season(id), enabled: on && isOrganizer });
  return isOrganizer ? { standings: preview, season: organizerSeason.data ?? publicSeason } : { standings: publicStandings, season: publicSeason };
}
