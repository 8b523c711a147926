import { readTag } from '../../infra/read-cache/cached-read.js';

/** The header's headlines, read on every page and by every live connection told to resync: out of date after any headline change. */
export const HEADLINE_READS = readTag('headlines', ['HeadlineCreated', 'HeadlineUpdated', 'HeadlineDeleted']);

/** Public reads of affiliates, merchandise and downloads: out of date after any of their changes (and, for "active" affiliates, at most the read TTL). */
export const AFFILIATE_READS = readTag('affiliates', ['AffiliateChanged']);
export const MERCHANDISE_READS = readTag('merchandise', ['ProductChanged']);
export const DOWNLOAD_READS = readTag('downloads', ['DownloadChanged']);
