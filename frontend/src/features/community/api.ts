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
import { SaveFailure } from '../../components/form/saveWithImage.js';
import { ApiError, api, apiRequest } from '../../lib/api/client.js';
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
      queryFn: () => api.get<HeadlineDto[]>('/headlines', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** The affiliates shown now (Home's banner and logos). Quiet: Home shows the rest without them. */
  activeAffiliates: () =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'active'] as const,
      queryFn: () => api.get<AffiliateDto[]>('/affiliates', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  adminAffiliates: (pageNumber: number, pageSize: number) =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'admin', pageNumber, pageSize] as const,
      queryFn: () => api.post<Page<AffiliateDto>>('/affiliates/admin', {}, { query: { pageNumber, pageSize } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  affiliate: (id: number) =>
    queryOptions({
      queryKey: [...communityKeys.affiliates, 'admin', id] as const,
      queryFn: () => api.get<AffiliateDto>(`/affiliates/admin/${id}`),
      staleTime: PUSHED_STALE_TIME,
    }),
  products: () =>
    queryOptions({
      queryKey: communityKeys.merchandise,
      queryFn: () => api.get<ProductDto[]>('/merchandise'),
      staleTime: PUSHED_STALE_TIME,
    }),
  downloads: () =>
    queryOptions({
      queryKey: communityKeys.downloads,
      queryFn: () => api.get<DownloadDto[]>('/downloads'),
      staleTime: PUSHED_STALE_TIME,
    }),
};

/** A multipart save (SPEC §3): the record as a JSON text part and the chosen files; a refusal comes back as a `SaveFailure` for the form. */
async function saveMultipart<T>(path: string, part: string, record: unknown, files: Record<string, File | null | undefined>): Promise<T> {
  const form = new FormData();
  form.append(part, JSON.stringify(record));
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file);
  try {
    return await apiRequest<T>(path, { method: 'PUT', body: form, silent: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) throw new SaveFailure(0, 'The server could not be reached. Check your connection and try again.', {});
    const body = typeof error.body === 'object' && error.body !== null ? (error.body as { message?: unknown; errors?: unknown }) : {};
    const message = typeof body.message === 'string' && body.message ? body.message : `Saving failed (${error.status})`;
    const errors = typeof body.errors === 'object' && body.errors !== null ? (body.errors as Record<string, string[]>) : {};
    throw new SaveFailure(error.status, message, errors);
  }
}

/** Quiet: the headlines screen says what failed beside the change. `headlines.changed` then brings the list to every browser. */
export const communityCommands = {
  createHeadline: (text: string) => api.post<HeadlineDto>('/headlines', { text } satisfies HeadlineRequest, { silent: true }),
  updateHeadline: (id: number, text: string) => api.put<HeadlineDto>(`/headlines/${id}`, { text } satisfies HeadlineRequest, { silent: true }),
  reorderHeadlines: (ids: number[]) => api.put<HeadlineDto[]>('/headlines/order', { ids } satisfies HeadlineOrderRequest, { silent: true }),
  removeHeadline: (id: number) => api.delete(`/headlines/${id}`, { silent: true }),
  saveAffiliate: (affiliate: AffiliateRequest, files: { icon?: File | null; banner?: File | null }) =>
    saveMultipart<AffiliateDto>('/affiliates/admin', 'affiliate', affiliate, files),
  removeAffiliate: (id: number) => api.delete(`/affiliates/admin/${id}`),
  saveProduct: (product: ProductRequest, images: (File | null)[]) =>
    saveMultipart<ProductDto>('/merchandise/admin', 'product', product, Object.fromEntries(images.map((file, slot) => [`image${slot}`, file]))),
  removeProduct: (id: number) => api.delete(`/merchandise/admin/${id}`),
  saveDownload: (download: DownloadRequest, file: File | null) => saveMultipart<DownloadDto>('/downloads/admin', 'download', download, { file }),
  removeDownload: (id: number) => api.delete(`/downloads/admin/${id}`),
};
