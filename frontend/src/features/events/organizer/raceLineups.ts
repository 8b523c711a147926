/** Line-ups per race (`/events/{id}/races/{race}/lineups`): the organizers' read and commands. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../../lib/query/queryClient.js';
import { useCommand } from '../../../lib/query/useCommand.js';
import { eventKeys } from '../api.js';
import { RACE_TYPE_LABELS, trackTitle } from '../labels.js';
import type { EventDto } from '../types.js';

/** Every entered team's line-up for one race; refetched when the event's entries or line-ups change (pushed). Quiet: the screen says why not. */
export const raceLineupsQuery = (eventId: number, raceId: number) =>
  queryOptions({
    queryKey: [...eventKeys.raceLineups(eventId), raceId] as const,
    queryFn: () => api.get('/events/:id/races/:race/lineups', { params: { id: eventId, race: raceId }, silent: true }),
    staleTime: PUSHED_STALE_TIME,
  });

export const raceLineupCommands = {
  /** Quiet: the line-up says why a change was refused. */
  set: (eventId: number, raceId: number, teamId: number, profileIds: number[]) =>
    api.put('/events/:id/races/:race/lineups/:team', { profileIds }, { params: { id: eventId, race: raceId, team: teamId }, silent: true }),
  /** Back to the event entry. */
  reset: (eventId: number, raceId: number, teamId: number) =>
    api.delete('/events/:id/races/:race/lineups/:team', { params: { id: eventId, race: raceId, team: teamId }, silent: true }),
};

/** A race's line-up set or reset: the event's line-ups are asked again, and waited for, so it shows as saved. */
const lineupsChanged = (_answer: unknown, eventId: number) => [eventKeys.raceLineups(eventId)];

export const useSetRaceLineup = () => useCommand(raceLineupCommands.set, lineupsChanged, { awaitRefetch: true });
export const useResetRaceLineup = () => useCommand(raceLineupCommands.reset, lineupsChanged, { awaitRefetch: true });

export interface RaceChoice {
  id: number;
  /** "Race 2: Feature race, Spa-Francorchamps — Full Circuit". */
  label: string;
}

/** Every race of the event in running order, named for the race selector. */
export function raceChoices(event: Pick<EventDto, 'raceEvents'>): RaceChoice[] {
  const races = event.raceEvents.flatMap((block) => block.races.map((race) => ({ race, block })));
  return races.map(({ race, block }, index) => ({
    id: race.id,
    label: `Race ${index + 1}: ${RACE_TYPE_LABELS[race.raceEventType]}, ${trackTitle(race.track ?? block.track, block.externalTrackName)}`,
  }));
}
