/** The community calls the client makes (headlines, affiliates, merchandise, downloads): reads as `queryOptions`, the admins' changes as commands. */
import { queryOptions } from '@tanstack/react-query';
import type { AffiliateRequest, DownloadRequest, ProductRequest } from '@paddock/contracts/community.js';
import { useCommand } from '../../lib/query/useCommand.js';
import { api, formBody } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';

export const communityKeys = {
  headlines: ['community', 'headlines'] as const,
  /** Everything of affiliates (Home's list and the admins' screens): `affiliates.changed` refetches it. */
  affiliates: ['community', 'affiliates'] as const,
  merchandise: ['community', 'merchandise'] as const,
  downloads: ['community', 'downloads'] as const,
};

export const communityQueries = {
  /** The header banner's headlines; `headlines.changed` writes the new list in place. Quiet: every page asks. */
  headlines: () =>
    queryOptions({
      queryKey: communityKeys.headlines,
      queryFn: () => api.get('/headlines', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** The affiliates shown now (Home's banner and logos). Quiet: Home shows the rest without them. */
  activeAffiliates: () =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'active'] as const,
      queryFn: () => api.get('/affiliates', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  adminAffiliates: (pageNumber: number, pageSize: number) =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'admin', pageNumber, pageSize] as const,
      queryFn: () => api.post('/affiliates/admin', {}, { query: { pageNumber, pageSize } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  affiliate: (id: number) =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'admin', id] as const,
      queryFn: () => api.get('/affiliates/admin/:id', { params: { id } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  products: () =>
    queryOptions({
      queryKey: communityKeys.merchandise,
      queryFn: () => api.get('/merchandise'),
      staleTime: PUSHED_STALE_TIME,
    }),
  downloads: () =>
    queryOptions({
      queryKey: communityKeys.downloads,
      queryFn: () => api.get('/downloads'),
      staleTime: PUSHED_STALE_TIME,
    }),
};

/** Quiet: the headlines screen says what failed beside the change. `headlines.changed` then brings the list to every browser. */
export const communityCommands = {
  createHeadline: (text: string, idempotencyKey?: string) => api.post('/headlines', { text }, { silent: true, idempotencyKey }),
  updateHeadline: (id: number, text: string, idempotencyKey?: string) => api.put('/headlines/:id', { text }, { params: { id }, silent: true, idempotencyKey }),
  reorderHeadlines: (ids: number[]) => api.put('/headlines/order', { ids }, { silent: true }),
  removeHeadline: (id: number) => api.delete('/headlines/:id', { params: { id }, silent: true }),
  saveAffiliate: (affiliate: AffiliateRequest, files: { icon?: File | null; banner?: File | null }, idempotencyKey?: string) =>
    api.put('/affiliates/admin', formBody({ affiliate, ...files }), { silent: true, idempotencyKey }),
  removeAffiliate: (id: number) => api.delete('/affiliates/admin/:id', { params: { id } }),
  saveProduct: (product: ProductRequest, images: (File | null)[], idempotencyKey?: string) => {
    const [image0, image1, image2, image3] = images;
    return api.put('/merchandise/admin', formBody({ product, image0, image1, image2, image3 }), { silent: true, idempotencyKey });
  },
  removeProduct: (id: number) => api.delete('/merchandise/admin/:id', { params: { id } }),
  saveDownload: (download: DownloadRequest, file: File | null, idempotencyKey?: string) =>
    api.put('/downloads/admin', formBody({ download, file }), { silent: true, idempotencyKey }),
  removeDownload: (id: number) => api.delete('/downloads/admin/:id', { params: { id } }),
};

/** Each save or removal refetches the list it changed (the pushed message then brings it to every other browser). */
const headlinesChanged = () => [communityKeys.headlines];
const affiliatesChanged = () => [communityKeys.affiliates];
const merchandiseChanged = () => [communityKeys.merchandise];
const downloadsChanged = () => [communityKeys.downloads];

export const useCreateHeadline = () => useCommand(communityCommands.createHeadline, headlinesChanged);
export const useUpdateHeadline = () => useCommand(communityCommands.updateHeadline, headlinesChanged);
export const useReorderHeadlines = () => useCommand(communityCommands.reorderHeadlines, headlinesChanged);
export const useRemoveHeadline = () => useCommand(communityCommands.removeHeadline, headlinesChanged);
export const useSaveAffiliate = () => useCommand(communityCommands.saveAffiliate, affiliatesChanged);
export const useRemoveAffiliate = () => useCommand(communityCommands.removeAffiliate, affiliatesChanged);
export const useSaveProduct = () => useCommand(communityCommands.saveProduct, merchandiseChanged);
export const useRemoveProduct = () => useCommand(communityCommands.removeProduct, merchandiseChanged);
export const useSaveDownload = () => useCommand(communityCommands.saveDownload, downloadsChanged);
export const useRemoveDownload = () => useCommand(communityCommands.removeDownload, downloadsChanged);
