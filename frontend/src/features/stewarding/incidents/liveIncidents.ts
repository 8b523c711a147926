/**
 * A race's incidents as the live timing reports them, for the stewards: read once from
 * `GET /races/:raceId/incidents`, then kept current by the `live.incident` messages the ingester sends to the
 * stewards' room (`flag:isSteward`), merged by id into the query cache under `incidentKeys.race(raceId)`.
 */
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientEventName } from '@paddock/contracts/client-events.js';
import type { LiveIncident } from '@paddock/contracts/timing.js';
import { api } from '../../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../../lib/query/queryClient.js';
import { realtime, type RealtimeConnection } from '../../../lib/realtime/connection.js';

export const LIVE_INCIDENT = 'live.incident' satisfies ClientEventName;
/** The room the ingester sends incidents to. */
export const STEWARDS_ROOM = 'flag:isSteward';

export const incidentKeys = {
  race: (raceId: number) => ['stewarding', 'incidents', raceId] as const,
};

/** `incidents` with `incident` added (oldest first by session time), or the same list when it is already there. */
export function withIncident(incidents: LiveIncident[], incident: LiveIncident): LiveIncident[] {
  if (incidents.some((known) => known.id === incident.id)) return incidents;
  return [...incidents, incident].sort((a, b) => a.elapsedMs - b.elapsedMs);
}

export const incidentsQuery = (raceId: number) =>
  queryOptions({
    queryKey: incidentKeys.race(raceId),
    queryFn: () => api.get('/races/:raceId/incidents', { params: { raceId } }),
    staleTime: PUSHED_STALE_TIME,
  });

/** The race's incidents, current while shown: joins the stewards' room and merges what arrives there. */
export function useLiveIncidents(raceId: number, connection: RealtimeConnection = realtime) {
  const queryClient = useQueryClient();
  const query = useQuery(incidentsQuery(raceId));
  useEffect(() => {
    const key = incidentKeys.race(raceId);
    const leave = connection.join(STEWARDS_ROOM, () => void queryClient.invalidateQueries({ queryKey: key }));
    const stopListening = connection.on(LIVE_INCIDENT, (incident) => {
      if (incident.raceId !== raceId) return;
      queryClient.setQueryData<LiveIncident[]>(key, (shown) => withIncident(shown ?? [], incident));
    });
    return () => {
      stopListening();
      leave();
    };
  }, [queryClient, connection, raceId]);
  return query;
}
