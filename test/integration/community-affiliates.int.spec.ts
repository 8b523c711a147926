import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import type { AffiliateDto, ProductDto } from '../../backend/src/contracts/community.js';
import { Affiliate, Product } from '../../backend/src/modules/community/community.entities.js';
import { StoredImage } from '../../backend/src/modules/images/stored-image.entity.js';
import { newAffiliate, newProduct } from '../factories/community.js';
import { pngImage } from '../factories/uploads.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { json } from '../support/responses.js';

const DAY = 24 * 3600 * 1000;

async function form(part: string, value: unknown, files: Record<string, [number, number]> = {}): Promise<FormData> {
  const body = new FormData();
  body.set(part, typeof value === 'string' ? value : JSON.stringify(value));
  for (const [field, [width, height]] of Object.entries(files)) {
    body.set(field, new Blob([new Uint8Array(await pngImage(width, height))], { type: 'image/png' }), `${field}.png`);
  }
  return body;
}

/** Affiliates (SPEC §3, §7) and merchandise: admins keep them, everyone reads them, changes are pushed live. */
describe('community: affiliates and merchandise', () => {
  let t: TestApp;
  let admin: CookieJar;
  let organizer: CookieJar;
  let driver: CookieJar;
  const open = socketsClosedAfterEach();

  const saveAffiliate = async (affiliate: unknown, as: CookieJar | null = admin, files?: Record<string, [number, number]>) =>
    t.request('/api/affiliates/admin', { method: 'PUT', as: as ?? undefined, body: await form('affiliate', affiliate, files) });
  const saveProduct = async (product: unknown, as: CookieJar | null = admin, files?: Record<string, [number, number]>) =>
    t.request('/api/merchandise/admin', { method: 'PUT', as: as ?? undefined, body: await form('product', product, files) });
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string[]>; timestamp: string; path: string };
    expect(body).toMatchObject({ status: 400, timestamp: expect.any(String), path: expect.any(String) });
    return body.errors;
  };

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    [admin, organizer, driver] = [await t.signIn('admin'), await t.signIn('organizer'), await t.signIn('driver')];
  });
  afterAll(() => t.close());

  describe('affiliates', () => {
    it('refuses the admin calls to visitors (401) and to drivers and organizers (403), storing nothing', async () => {
      for (const [as, status] of [
        [null, 401],
        [driver, 403],
        [organizer, 403],
      ] as const) {
        expect((await saveAffiliate({ name: 'Nope', affiliateUrl: 'https://nope.example/' }, as)).status).toBe(status);
        expect((await t.request('/api/affiliates/admin?pageNumber=0&pageSize=10', { method: 'POST', as: as ?? undefined, json: {} })).status).toBe(status);
        expect((await t.request('/api/affiliates/admin/1', { as: as ?? undefined })).status).toBe(status);
        expect((await t.request('/api/affiliates/admin/1', { method: 'DELETE', as: as ?? undefined })).status).toBe(status);
      }
      expect(await t.em().count(Affiliate, { name: 'Nope' })).toBe(0);
    });

    it('lets an admin save a paid affiliate with an icon and a banner (webp), shown on Home and pushed to open pages', async () => {
      const visitor = await open(t.baseUrl);
      const pushed = nextMessage(visitor, 'affiliates.changed');
      const saved = await json<AffiliateDto>(
        await saveAffiliate({ name: 'Sim Gear Co.', affiliateUrl: 'https://simgear.example/', monetized: true, position: 1 }, admin, {
          icon: [900, 900],
          banner: [2400, 600],
        }),
      );
      expect(saved).toMatchObject({ name: 'Sim Gear Co.', affiliateUrl: 'https://simgear.example/', monetized: true, position: 1, activeFrom: null, activeTo: null });
      expect(saved.icon).toMatch(/^\/api\/images\/[0-9a-f-]+\.webp$/);
      expect(saved.banner).toMatch(/^\/api\/images\/[0-9a-f-]+\.webp$/);
      expect((await pushed).affiliateId).toBe(saved.id);

      const icon = await t.request(saved.icon!);
      expect(icon.headers.get('content-type')).toBe('image/webp');
      const stored = await t.em().findOneOrFail(StoredImage, { id: saved.banner!.split('/').pop()!.replace('.webp', '') });
      expect(stored.width).toBeLessThanOrEqual(1920);

      const home = await json<AffiliateDto[]>(await t.request('/api/affiliates'));
      expect(home.map((affiliate) => affiliate.name)).toContain('Sim Gear Co.');
      expect(await json<AffiliateDto>(await t.request(`/api/affiliates/admin/${saved.id}`, { as: admin }))).toEqual(saved);
    });

    it('shows on Home only the affiliates inside their active window, by position; admins list them all, paged and filtered', async () => {
      const now = Date.now();
      await newAffiliate(t.em(), { name: 'Window Past', activeTo: new Date(now - DAY), position: 0 });
      await newAffiliate(t.em(), { name: 'Window Future', activeFrom: new Date(now + DAY), position: 0 });
      await newAffiliate(t.em(), { name: 'Window Now', activeFrom: new Date(now - DAY), activeTo: new Date(now + DAY), position: 0 });
      // The earlier saves were read before these rows existed: a save invalidates the cached list.
      await json(await saveAffiliate({ name: 'Window Open', affiliateUrl: 'https://open.example/', position: 5 }));
      const names = (await json<AffiliateDto[]>(await t.request('/api/affiliates'))).map((affiliate) => affiliate.name);
      expect(names).toContain('Window Now');
      expect(names).toContain('Window Open');
      expect(names).not.toContain('Window Past');
      expect(names).not.toContain('Window Future');
      expect(names.indexOf('Window Now')).toBeLessThan(names.indexOf('Window Open'));

      const page = await json<Page<AffiliateDto>>(await t.request('/api/affiliates/admin?pageNumber=0&pageSize=2', { method: 'POST', as: admin, json: {} }));
      expect(page.content).toHaveLength(2);
      expect(page.totalElements).toBeGreaterThanOrEqual(5);
      const filtered = await json<Page<AffiliateDto>>(
        await t.request('/api/affiliates/admin?pageNumber=0&pageSize=25', { method: 'POST', as: admin, json: { name: 'window' } }),
      );
      expect(filtered.content.map((affiliate) => affiliate.name).sort()).toEqual(['Window Future', 'Window Now', 'Window Open', 'Window Past']);
    });

    it('keeps a banner for paid affiliates only: a free one with a banner is refused, turning free drops it', async () => {
      expect(Object.keys(await errorsOf(await saveAffiliate({ name: 'Free Banner', affiliateUrl: 'https://free.example/' }, admin, { banner: [800, 200] })))).toEqual([
        'banner',
      ]);
      expect(await t.em().count(Affiliate, { name: 'Free Banner' })).toBe(0);

      const paid = await json<AffiliateDto>(
        await saveAffiliate({ name: 'Paid Then Free', affiliateUrl: 'https://paid.example/', monetized: true }, admin, { banner: [800, 200] }),
      );
      expect(paid.banner).not.toBeNull();
      const images = await t.em().count(StoredImage);
      const free = await json<AffiliateDto>(await saveAffiliate({ id: paid.id, name: 'Paid Then Free', affiliateUrl: 'https://paid.example/', monetized: false }));
      expect(free).toMatchObject({ monetized: false, banner: null });
      expect(await t.em().count(StoredImage)).toBe(images - 1);
    });

    it('answers bad input with 400 and the fields named, storing nothing', async () => {
      const before = await t.em().count(Affiliate);
      expect(Object.keys(await errorsOf(await saveAffiliate({ name: '', affiliateUrl: 'javascript:alert(1)' })))).toEqual(expect.arrayContaining(['name', 'affiliateUrl']));
      expect(Object.keys(await errorsOf(await saveAffiliate({ name: 'X', affiliateUrl: 'https://x.example/', monetized: 'yes', position: -1 })))).toEqual(
        expect.arrayContaining(['monetized', 'position']),
      );
      expect(
        Object.keys(
          await errorsOf(await saveAffiliate({ name: 'X', affiliateUrl: 'https://x.example/', activeFrom: '2026-12-01T00:00:00Z', activeTo: '2026-11-01T00:00:00Z' })),
        ),
      ).toEqual(['activeTo']);
      expect(Object.keys(await errorsOf(await saveAffiliate({ name: 'X', affiliateUrl: 'https://x.example/', activeFrom: '2026-13-45T99:00:00Z' })))).toEqual(['activeFrom']);
      expect((await saveAffiliate('{not json')).status).toBe(400);
      const notImage = new FormData();
      notImage.set('affiliate', JSON.stringify({ name: 'X', affiliateUrl: 'https://x.example/' }));
      notImage.set('icon', new Blob(['MZ not an image']), 'icon.png');
      expect(Object.keys(await errorsOf(await t.request('/api/affiliates/admin', { method: 'PUT', as: admin, body: notImage })))).toEqual(['icon']);
      expect((await t.request('/api/affiliates/admin/abc', { as: admin })).status).toBe(400);
      expect((await t.request('/api/affiliates/admin/999999', { as: admin })).status).toBe(404);
      expect((await saveAffiliate({ id: 999999, name: 'X', affiliateUrl: 'https://x.example/' })).status).toBe(404);
      expect((await t.request('/api/affiliates/admin?pageNumber=-1', { method: 'POST', as: admin, json: {} })).status).toBe(400);
      expect(await t.em().count(Affiliate)).toBe(before);
    });

    it('deletes an affiliate with its pictures, pushed live', async () => {
      const saved = await json<AffiliateDto>(await saveAffiliate({ name: 'Short Lived', affiliateUrl: 'https://short.example/' }, admin, { icon: [64, 64] }));
      const visitor = await open(t.baseUrl);
      const pushed = nextMessage(visitor, 'affiliates.changed', ({ affiliateId }) => affiliateId === saved.id);
      const images = await t.em().count(StoredImage);
      expect((await t.request(`/api/affiliates/admin/${saved.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
      await pushed;
      expect(await t.em().count(StoredImage)).toBe(images - 1);
      expect((await json<AffiliateDto[]>(await t.request('/api/affiliates'))).map((affiliate) => affiliate.id)).not.toContain(saved.id);
    });
  });

  describe('merchandise', () => {
    it('refuses the admin calls to visitors (401) and drivers (403)', async () => {
      for (const [as, status] of [
        [null, 401],
        [driver, 403],
      ] as const) {
        expect((await saveProduct({ name: 'Nope', price: '1', currency: 'EUR', shopUrl: 'https://shop.example/' }, as)).status).toBe(status);
        expect((await t.request('/api/merchandise/admin/1', { as: as ?? undefined })).status).toBe(status);
        expect((await t.request('/api/merchandise/admin/1', { method: 'DELETE', as: as ?? undefined })).status).toBe(status);
      }
      expect(await t.em().count(Product, { name: 'Nope' })).toBe(0);
    });

    it('lists nothing before there are products', async () => {
      expect(await json<ProductDto[]>(await t.request('/api/merchandise'))).toEqual([]);
    });

    it('lets an admin save a product with pictures (webp), sizes, price and shop link; replaces and removes pictures by slot; pushed live', async () => {
      const visitor = await open(t.baseUrl);
      const pushed = nextMessage(visitor, 'merchandise.changed');
      const product = await json<ProductDto>(
        await saveProduct(
          {
            name: 'League hoodie',
            description: 'Purple, of course',
            price: '49.90',
            currency: 'EUR',
            variants: ['S', 'M', 'L'],
            shopUrl: 'https://shop.example/hoodie',
            position: 2,
          },
          admin,
          { image0: [1200, 1200], image1: [600, 600] },
        ),
      );
      expect(product).toMatchObject({ name: 'League hoodie', price: '49.90', currency: 'EUR', variants: ['S', 'M', 'L'], available: true, position: 2 });
      expect(product.images).toHaveLength(2);
      expect((await pushed).productId).toBe(product.id);

      const replaced = await json<ProductDto>(
        await saveProduct(
          { id: product.id, name: 'League hoodie', price: '44.90', currency: 'EUR', shopUrl: 'https://shop.example/hoodie', available: false, removeImages: [0] },
          admin,
          {
            image1: [300, 300],
          },
        ),
      );
      expect(replaced).toMatchObject({ price: '44.90', available: false, variants: [] });
      expect(replaced.images).toHaveLength(1);
      expect(replaced.images[0]).not.toBe(product.images[1]);

      await newProduct(t.em(), { name: 'Cap', position: 1 });
      await json(await saveProduct({ name: 'Mug', price: '12', currency: 'USD', shopUrl: 'https://shop.example/mug', position: 3 }));
      expect((await json<ProductDto[]>(await t.request('/api/merchandise'))).map((item) => item.name)).toEqual(['Cap', 'League hoodie', 'Mug']);

      expect((await t.request(`/api/merchandise/admin/${product.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
      expect((await json<ProductDto[]>(await t.request('/api/merchandise'))).map((item) => item.name)).toEqual(['Cap', 'Mug']);
    });

    it('answers bad input with 400 and the fields named, storing nothing', async () => {
      const before = await t.em().count(Product);
      expect(Object.keys(await errorsOf(await saveProduct({ name: ' ', price: '', currency: 'EUR', shopUrl: 'ftp://shop.example/' })))).toEqual(
        expect.arrayContaining(['name', 'price', 'shopUrl']),
      );
      expect(
        Object.keys(await errorsOf(await saveProduct({ name: 'X', price: '1', currency: 'EUR', shopUrl: 'https://shop.example/', variants: ['S', 'S'], removeImages: [7] }))),
      ).toEqual(expect.arrayContaining(['variants', 'removeImages']));
      expect((await saveProduct({ name: 'X', price: '1', currency: 'EUR', shopUrl: 'https://shop.example/' }, admin, { image9: [10, 10] })).status).toBe(400);
      expect(await t.em().count(Product)).toBe(before);
    });
  });
});
