/** The community domain's calls (headlines, affiliates, downloads, merchandise) and their shapes, shared with the web client. */
import type { Page, PageParams } from './api.js';
import type { HeadlineDto } from './client-events.js';
import { created, noContent, rawRoute, route, type FilePart, type FormBody } from './http.js';

/** `POST /api/headlines` and `PUT /api/headlines/{id}`. */
export interface HeadlineRequest {
  text: string;
}

/** `PUT /api/headlines/order`: every headline's id, in the order the banner runs them. */
export interface HeadlineOrderRequest {
  ids: number[];
}

/** An affiliate (SPEC §3: affiliateUrl, icon): the league's partners, shown on Home. `monetized` (SPEC §9) marks paid ones. */
export interface AffiliateDto {
  id: number;
  name: string;
  affiliateUrl: string;
  /** `/api/images/<id>.webp`, or null. */
  icon: string | null;
  /** A paid affiliate's banner for Home's rotating banner, or null. */
  banner: string | null;
  monetized: boolean;
  /** When it starts and stops being shown (ISO 8601, UTC); null: no bound. */
  activeFrom: string | null;
  activeTo: string | null;
  /** Shown by position, smallest first. */
  position: number;
}

/** The `affiliate` part of `PUT /api/affiliates/admin` (multipart, with optional `icon` and `banner`): with `id` it updates. */
export interface AffiliateRequest {
  id?: number;
  name: string;
  affiliateUrl: string;
  monetized?: boolean;
  activeFrom?: string | null;
  activeTo?: string | null;
  position?: number;
  /** Removes the banner (a banner is only shown for monetized affiliates). */
  removeBanner?: boolean;
}

/** A product of the Merchandise page. Price and currency are text as the shop shows them. */
export interface ProductDto {
  id: number;
  name: string;
  description: string | null;
  /** `/api/images/<id>.webp`, first is the main picture. */
  images: string[];
  price: string;
  currency: string;
  /** Sizes or variants on offer (e.g. S, M, L). */
  variants: string[];
  shopUrl: string;
  available: boolean;
  position: number;
}

/** The `product` part of `PUT /api/merchandise/admin` (multipart, with up to 4 `images`; sending images replaces them). */
export interface ProductRequest {
  id?: number;
  name: string;
  description?: string | null;
  price: string;
  currency: string;
  variants?: string[];
  shopUrl: string;
  available?: boolean;
  position?: number;
  /** Picture slots (0–3) to empty. */
  removeImages?: number[];
}

export const DOWNLOAD_CATEGORIES = ['RULEBOOK', 'SETUP', 'LIVERY', 'SKIN', 'OTHER'] as const;
export type DownloadCategory = (typeof DOWNLOAD_CATEGORIES)[number];

/** One uploaded file of a download: the newest is the current version, the earlier ones stay listed. */
export interface DownloadFileDto {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  version: string | null;
  uploadedAt: string;
  downloadCount: number;
  /** Served with `Content-Disposition: attachment`. */
  url: string;
}

/** A file the league shares (rulebook, setup, livery, skin …) with its versions, newest first. */
export interface DownloadDto {
  id: number;
  title: string;
  game: string | null;
  category: DownloadCategory;
  version: string | null;
  notes: string | null;
  /** Every version's downloads together. */
  downloadCount: number;
  updatedAt: string;
  /** The current file (the newest), or null before one is uploaded. */
  file: DownloadFileDto | null;
  previousVersions: DownloadFileDto[];
}

/** The `download` part of `PUT /api/downloads/admin` (multipart, with `file`: required to create, a new version when updating). */
export interface DownloadRequest {
  id?: number;
  title: string;
  game?: string | null;
  category: DownloadCategory;
  version?: string | null;
  notes?: string | null;
}

/** `POST /api/affiliates/admin`: the admins' list, optionally filtered by name. */
export interface AffiliateSearchRequest {
  /** Part of the name, any case. */
  name?: string;
}

export const communityRoutes = {
  'GET /headlines': route<HeadlineDto[]>('public'),
  'POST /headlines': created<HeadlineDto, HeadlineRequest>('isAdmin'),
  'PUT /headlines/order': route<HeadlineDto[], HeadlineOrderRequest>('isAdmin'),
  'PUT /headlines/:id': route<HeadlineDto, HeadlineRequest>('isAdmin'),
  'DELETE /headlines/:id': noContent('isAdmin'),
  /** The affiliates shown now (inside their active window), by position: Home's paid banner and 'Official affiliates' logos. */
  'GET /affiliates': route<AffiliateDto[]>('public'),
  /** Admins' list of every affiliate (active or not), paged; the body may filter by `name`. */
  'POST /affiliates/admin': route<Page<AffiliateDto>, AffiliateSearchRequest, PageParams>('isAdmin'),
  /** With `id` it updates; `icon` and `banner` (paid only) are stored as webp. */
  'PUT /affiliates/admin': route<AffiliateDto, FormBody<{ affiliate: AffiliateRequest; icon?: FilePart; banner?: FilePart }>>('isAdmin'),
  'GET /affiliates/admin/:id': route<AffiliateDto>('isAdmin'),
  'DELETE /affiliates/admin/:id': noContent('isAdmin'),
  /** Every download with its current file and previous versions. */
  'GET /downloads': route<DownloadDto[]>('public'),
  /** The current file of a download, as an attachment; counted. */
  'GET /downloads/:id/file': rawRoute('public'),
  /** One version's file (current or previous), as an attachment; counted. */
  'GET /downloads/files/:id': rawRoute('public'),
  /** With `id` it updates; `file` is required to create, a new version when updating. */
  'PUT /downloads/admin': route<DownloadDto, FormBody<{ download: DownloadRequest; file?: FilePart }>>('isAdmin'),
  'GET /downloads/admin/:id': route<DownloadDto>('isAdmin'),
  'DELETE /downloads/admin/:id': noContent('isAdmin'),
  /** Every product of the Merchandise page, by position (available or not). */
  'GET /merchandise': route<ProductDto[]>('public'),
  /** With `id` it updates; pictures `image0`…`image3` are stored as webp. */
  'PUT /merchandise/admin': route<ProductDto, FormBody<{ product: ProductRequest; image0?: FilePart; image1?: FilePart; image2?: FilePart; image3?: FilePart }>>('isAdmin'),
  'GET /merchandise/admin/:id': route<ProductDto>('isAdmin'),
  'DELETE /merchandise/admin/:id': noContent('isAdmin'),
} as const;
