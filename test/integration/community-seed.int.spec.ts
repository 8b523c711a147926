import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AffiliateDto, DownloadDto, ProductDto } from '../../backend/src/contracts/community.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The demo league's community side: affiliates (one paid with a banner), products and downloads whose files can be downloaded. */
describe('demo seed: community', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  it('has three affiliates on Home, one paid with a banner', async () => {
    const affiliates = (await (await t.request('/api/affiliates')).json()) as AffiliateDto[];
    expect(affiliates).toHaveLength(3);
    expect(affiliates.filter((affiliate) => affiliate.monetized && affiliate.banner)).toHaveLength(1);
    expect(affiliates.every((affiliate) => affiliate.icon)).toBe(true);
  });

  it('has six products with a picture each', async () => {
    const products = (await (await t.request('/api/merchandise')).json()) as ProductDto[];
    expect(products).toHaveLength(6);
    expect(products.every((product) => product.images.length === 1)).toBe(true);
  });

  it('has five downloads whose files are served (the rulebook with an earlier version)', async () => {
    const downloads = (await (await t.request('/api/downloads')).json()) as DownloadDto[];
    expect(downloads).toHaveLength(5);
    expect(downloads.find((download) => download.category === 'RULEBOOK')!.previousVersions).toHaveLength(1);
    for (const download of downloads) {
      const response = await t.request(download.file!.url);
      expect({ title: download.title, status: response.status, size: (await response.arrayBuffer()).byteLength }).toEqual({
        title: download.title,
        status: 200,
        size: download.file!.size,
      });
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${download.file!.fileName}"`);
    }
  });
});
