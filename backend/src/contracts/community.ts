/** Request shapes of the community domain (headlines, …) shared with the web client. Types only. */

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
