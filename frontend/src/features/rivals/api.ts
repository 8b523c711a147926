/**
 * Every rivals call of SPEC §7 (and the servers, times and stewards calls) the client makes,
 * typed by `@paddock/contracts/rivals`: one `queryOptions` per read, plain functions for the commands.
 * Everything sits under the `rivals` key, so a push can refetch what is shown of it.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Platform } from '@paddock/contracts/catalogue.js';
import type { RivalRequest, RivalServerRequest, RivalTimeSubmission } from '@paddock/contracts/rivals.js';
import { RIVAL_BOARD_PAGE_SIZE, RIVAL_CANDIDATES_PAGE_SIZE } from '@paddock/contracts/rivals.js';
import { api, formBody } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';

/** A board's platform: one of the three, or the combined view (no `platform` sent). */
export type BoardPlatform = Platform | 'ALL';

export const rivalsKeys = {
  all: ['rivals'] as const,
  schedule: ['rivals', 'schedule'] as const,
  boards: ['rivals', 'board'] as const,
  top: ['rivals', 'board', 'top'] as const,
  mine: ['rivals', 'mine'] as const,
  times: ['rivals', 'times'] as const,
  queue: ['rivals', 'times', 'queue'] as const,
  servers: ['rivals', 'servers'] as const,
};

const platformQuery = (platform: BoardPlatform) => (platform === 'ALL' ? undefined : platform);

export const rivalsQueries = {
  /** `GET /rivals/schedule/live`: Home's schedule table. Quiet: the section says itself when it failed. */
  scheduleLive: () =>
    queryOptions({
      queryKey: [...rivalsKeys.schedule, 'live'] as const,
      queryFn: () => api.get('/rivals/schedule/live', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /rivals/schedule/upcoming/{id}`: the row dialog's next three days. */
  upcoming: (serverId: number) =>
    queryOptions({
      queryKey: [...rivalsKeys.schedule, 'upcoming', serverId] as const,
      queryFn: () => api.get('/rivals/schedule/upcoming/:id', { params: { id: serverId } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /rivals/top/{id}`: top three per platform on a track variant (Home's cards). */
  top: (trackId: number) =>
    queryOptions({
      queryKey: [...rivalsKeys.top, trackId] as const,
      queryFn: () => api.get('/rivals/top/:id', { params: { id: trackId }, silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /rivals/track/{id}?platform&pageNumber&pageSize`: one page of a board (25 by default, SPEC §9). Quiet: the page says not found or its own failure. */
  board: (trackId: number, platform: BoardPlatform, pageNumber: number, pageSize = RIVAL_BOARD_PAGE_SIZE) =>
    queryOptions({
      queryKey: [...rivalsKeys.boards, trackId, platform, pageNumber, pageSize] as const,
      queryFn: () => api.get('/rivals/track/:id', { params: { id: trackId }, query: { platform: platformQuery(platform), pageNumber, pageSize }, silent: true }),
      staleTime: PUSHED_STALE_TIME,
      placeholderData: keepPreviousData,
    }),
  /** `GET /rivals/me/track/{id}?platform`: my best and my rivals on a board. */
  meOnTrack: (trackId: number, platform: Platform) =>
    queryOptions({
      queryKey: [...rivalsKeys.mine, 'track', trackId, platform] as const,
      queryFn: () => api.get('/rivals/me/track/:id', { params: { id: trackId }, query: { platform } }),
    }),
  /** `GET /rivals/my/game/{id}?platform`: rivals picked for a whole game. */
  myForGame: (gameId: number, platform: Platform) =>
    queryOptions({
      queryKey: [...rivalsKeys.mine, 'game', gameId, platform] as const,
      queryFn: () => api.get('/rivals/my/game/:id', { params: { id: gameId }, query: { platform } }),
    }),
  /** `GET /rivals/my/track/{id}?platform`: rivals picked for one track. */
  myForTrack: (trackId: number, platform: Platform) =>
    queryOptions({
      queryKey: [...rivalsKeys.mine, 'track-picks', trackId, platform] as const,
      queryFn: () => api.get('/rivals/my/track/:id', { params: { id: trackId }, query: { platform } }),
    }),
  /** `GET /rivals/games/track/{id}/candidates?platform`: drivers with a time on the board (page size 1000). */
  trackCandidates: (trackId: number, platform: Platform) =>
    queryOptions({
      queryKey: [...rivalsKeys.mine, 'candidates', trackId, platform] as const,
      queryFn: () => api.get('/rivals/games/track/:id/candidates', { params: { id: trackId }, query: { platform, pageNumber: 0, pageSize: RIVAL_CANDIDATES_PAGE_SIZE } }),
    }),
  /** `GET /rivals/times/mine`: the driver's own submissions with their state and any rejection reason. */
  myTimes: (pageNumber: number, pageSize: number) =>
    queryOptions({
      queryKey: [...rivalsKeys.times, 'mine', pageNumber, pageSize] as const,
      queryFn: () => api.get('/rivals/times/mine', { query: { pageNumber, pageSize } }),
      placeholderData: keepPreviousData,
    }),
  /** `GET /rivals/times/provisional` (stewards): the queue, oldest first. */
  queue: (pageNumber: number, pageSize: number) =>
    queryOptions({
      queryKey: [...rivalsKeys.queue, pageNumber, pageSize] as const,
      queryFn: () => api.get('/rivals/times/provisional', { query: { pageNumber, pageSize } }),
      placeholderData: keepPreviousData,
    }),
  /** `GET /rivals/servers` (admins). */
  servers: () => queryOptions({ queryKey: rivalsKeys.servers, queryFn: () => api.get('/rivals/servers') }),
};

export const rivalsCommands = {
  /** `POST /rivals/times` (multipart: the `time` JSON and an optional `screenshot`); quiet — the form shows why not. */
  submitTime: (submission: RivalTimeSubmission, screenshot: File | null, idempotencyKey?: string) =>
    api.post('/rivals/times', formBody({ time: submission, screenshot }), { silent: true, idempotencyKey }),
  verify: (id: number) => api.post('/rivals/times/:id/verify', undefined, { params: { id } }),
  reject: (id: number, reason: string, idempotencyKey?: string) => api.post('/rivals/times/:id/reject', { reason }, { params: { id }, silent: true, idempotencyKey }),
  /** Picks a rival (`pick`) or drops one. */
  changeRival: async ({ pick, request }: { pick: boolean; request: RivalRequest }): Promise<void> => {
    if (pick) await api.post('/rivals', request);
    else await api.delete('/rivals', { body: request });
  },
  /** Quiet: the server form shows field errors beside the fields. */
  saveServer: (id: number | null, request: RivalServerRequest, idempotencyKey?: string) =>
    id === null
      ? api.post('/rivals/servers', request, { silent: true, idempotencyKey })
      : api.put('/rivals/servers/:id', request, { params: { id }, silent: true, idempotencyKey }),
  deleteServer: (id: number) => api.delete('/rivals/servers/:id', { params: { id } }),
};

const rivalsChanged = () => [rivalsKeys.all];

/** A server saved or deleted: the servers and the schedule they make are asked again. */
const serversChanged = () => [rivalsKeys.servers, rivalsKeys.schedule];

/** A rival picked or dropped: what is shown of the driver's rivals is asked again. */
export const useChangeRival = () => useCommand(rivalsCommands.changeRival, () => [rivalsKeys.mine]);

export const useSaveServer = () => useCommand(rivalsCommands.saveServer, serversChanged);
export const useDeleteServer = () => useCommand(rivalsCommands.deleteServer, serversChanged);

/** A time sent: what is shown of rivals (boards, my times) is asked again. */
export const useSubmitTime = () => useCommand(rivalsCommands.submitTime, rivalsChanged);

/** A steward's check of a provisional time: the queue and the boards and lists of times are asked again. */
const timesChanged = () => [rivalsKeys.times];

export const useVerifyTime = () => useCommand(rivalsCommands.verify, timesChanged);
export const useRejectTime = () => useCommand(rivalsCommands.reject, timesChanged);
