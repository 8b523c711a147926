import type { QueryKey } from '@tanstack/react-query';
import type { CachedReads } from '@paddock/contracts/pushes.js';
import { biddingKeys } from '../../features/bidding/index.js';
import { communityKeys } from '../../features/community/index.js';
import { eventKeys } from '../../features/events/index.js';
import { notificationKeys } from '../../features/notifications/index.js';
import { profileKeys, profileQueries } from '../../features/profiles/index.js';
import { rivalsKeys } from '../../features/rivals/index.js';
import { stewardingKeys } from '../../features/stewarding/index.js';
import { teamKeys } from '../../features/teams/index.js';

/** Where each cached read a push refreshes (contracts/pushes.ts) lives in the query cache: its key, or the prefix of its keys. */
export const CACHED_READ_KEYS: { [K in keyof CachedReads]: (...args: CachedReads[K]) => QueryKey } = {
  events: () => eventKeys.all,
  profiles: () => profileKeys.all,
  ownProfile: () => profileKeys.mine,
  teams: () => teamKeys.all,
  ownTeams: () => teamKeys.mine,
  ownTeamInvites: () => teamKeys.invites,
  driverResults: (profileId) => profileQueries.results(profileId).queryKey,
  driverStats: (profileId) => profileQueries.stats(profileId).queryKey,
  stewardingQueue: () => stewardingKeys.queue,
  raceStewarding: (raceId) => stewardingKeys.race(raceId),
  racesStewarding: () => stewardingKeys.races,
  ticket: (ticketId) => stewardingKeys.ticket(ticketId),
  ownTickets: () => stewardingKeys.mine,
  licences: () => [...stewardingKeys.all, 'licence'],
  safetyCar: () => stewardingKeys.safetyCar,
  rivalsSchedule: () => rivalsKeys.schedule,
  rivalsServers: () => rivalsKeys.servers,
  rivalsBoards: (trackId) => [...rivalsKeys.boards, trackId],
  rivalsTop: (trackId) => [...rivalsKeys.top, trackId],
  ownRivals: () => rivalsKeys.mine,
  rivalsTimes: () => rivalsKeys.times,
  affiliates: () => communityKeys.affiliates,
  merchandise: () => communityKeys.merchandise,
  downloads: () => communityKeys.downloads,
  bidding: () => biddingKeys.all,
  notifications: () => notificationKeys.all,
};
