/** The community calls the client makes (headlines for now): reads as `queryOptions`, the admins' changes as commands. */
import { queryOptions } from '@tanstack/react-query';
import type { HeadlineDto } from '@paddock/contracts/client-events.js';
import type { Page } from '@paddock/contracts/api.js';
import type {
  AffiliateDto,
  AffiliateRequest,
  DownloadDto,
  DownloadRequest,
  HeadlineOrderRequest,
  HeadlineRequest,
  ProductDto,
  ProductRequest,
} from '@paddock/contracts/community.js';
import { saveWithFiles } from '../../components/form/saveWithImage.js';
import { useCommand } from '../../lib/query/useCommand.js';
import { untypedApi } from '../../lib/api/client.js';
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
      queryFn: () => untypedApi.get<HeadlineDto[]>('/headlines', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** The affiliates shown now (Home's banner and logos). Quiet: Home shows the rest without them. */
  activeAffiliates: () =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'active'] as const,
      queryFn: () => untypedApi.get<AffiliateDto[]>('/affiliates', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  adminAffiliates: (pageNumber: number, pageSize: number) =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'admin', pageNumber, pageSize] as const,
      queryFn: () => untypedApi.post<Page<AffiliateDto>>('/affiliates/admin', {}, { query: { pageNumber, pageSize } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  affiliate: (id: number) =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'admin', id] as const,
      queryFn: () => untypedApi.get<AffiliateDto>(`/affiliates/admin/${id}`),
      staleTime: PUSHED_STALE_TIME,
    }),
  products: () =>
    queryOptions({
      queryKey: communityKeys.merchandise,
      queryFn: () => untypedApi.get<ProductDto[]>('/merchandise'),
      staleTime: PUSHED_STALE_TIME,
    }),
  downloads: () =>
    queryOptions({
      queryKey: communityKeys.downloads,
      queryFn: () => untypedApi.get<DownloadDto[]>('/downloads'),
      staleTime: PUSHED_STALE_TIME,
    }),
};

/** Quiet: the headlines screen says what failed beside the change. `headlines.changed` then brings the list to every browser. */
export const communityCommands = {
  createHeadline: (text: string, idempotencyKey?: string) => untypedApi.post<HeadlineDto>('/headlines', { text } satisfies HeadlineRequest, { silent: true, idempotencyKey }),
  updateHeadline: (id: number, text: string, idempotencyKey?: string) =>
    untypedApi.put<HeadlineDto>(`/headlines/${id}`, { text } satisfies HeadlineRequest, { silent: true, idempotencyKey }),
  reorderHeadlines: (ids: number[]) => untypedApi.put<HeadlineDto[]>('/headlines/order', { ids } satisfies HeadlineOrderRequest, { silent: true }),
  removeHeadline: (id: number) => untypedApi.delete(`/headlines/${id}`, { silent: true }),
  saveAffiliate: (affiliate: AffiliateRequest, files: { icon?: File | null; banner?: File | null }, idempotencyKey?: string) =>
    saveWithFiles<AffiliateDto>({ path: '/affiliates/admin', part: 'affiliate', record: affiliate, files, idempotencyKey }),
  removeAffiliate: (id: number) => untypedApi.delete(`/affiliates/admin/${id}`),
  saveProduct: (product: ProductRequest, images: (File | null)[], idempotencyKey?: string) =>
    saveWithFiles<ProductDto>({
      path: '/merchandise/admin',
      part: 'product',
      record: product,
      files: Object.fromEntries(images.map((file, slot) => [`image${slot}`, file])),
      idempotencyKey,
    }),
  removeProduct: (id: number) => untypedApi.delete(`/merchandise/admin/${id}`),
  saveDownload: (download: DownloadRequest, file: File | null, idempotencyKey?: string) =>
    saveWithFiles<DownloadDto>({ path: '/downloads/admin', part: 'download', record: download, files: { file }, idempotencyKey }),
  removeDownload: (id: number) => untypedApi.delete(`/downloads/admin/${id}`),
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
