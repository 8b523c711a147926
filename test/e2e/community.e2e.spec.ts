import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Affiliate } from '../../backend/src/modules/community/community.entities.js';
import { StoredImage } from '../../backend/src/modules/images/stored-image.entity.js';
import { newAffiliate } from '../factories/community.js';
import { newEvent } from '../factories/events.js';
import { pageHeading, seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

/** A pushed change reaches another browser without a reload; a loaded machine may take a while. */
const LIVE_MS = 15_000;

async function storedBanner(): Promise<StoredImage> {
  const data = await sharp({ create: { width: 1200, height: 200, channels: 3, background: '#7b1fa2' } })
    .webp()
    .toBuffer();
  const em = site().em();
  const image = em.create(StoredImage, { id: randomUUID(), data, width: 1200, height: 200 });
  await em.flush();
  return image;
}

describe('community', () => {
  const open = useTabs();

  it("Home shows the paid banner and the 'Official affiliates' logos linking out; an admin's new affiliate reaches an open Home without reload", async () => {
    const banner = await storedBanner();
    const em = site().em();
    const paid = await newAffiliate(em, { name: 'Sim Gear Co.', affiliateUrl: 'https://simgear.example/', monetized: true, position: 0 });
    await em.nativeUpdate(Affiliate, { id: paid.id }, { banner: banner.id });
    await newAffiliate(site().em(), { name: 'Friendly League', affiliateUrl: 'https://friends.example/', position: 1 });

    const visitor = await open();
    await visit(visitor, '/');
    const logos = visitor.getByRole('region', { name: 'Official affiliates' });
    await logos.waitFor();
    const paidLink = logos.getByRole('link', { name: 'Sim Gear Co. (opens in a new tab)' });
    expect(await paidLink.getAttribute('href')).toBe('https://simgear.example/');
    expect(await paidLink.getAttribute('target')).toBe('_blank');
    expect(await paidLink.getAttribute('rel')).toBe('noopener sponsored');
    expect(await logos.getByRole('link', { name: 'Friendly League (opens in a new tab)' }).getAttribute('rel')).toBe('noopener');
    const bannerLink = visitor.getByTestId('affiliate-banner');
    expect(await bannerLink.getAttribute('rel')).toBe('noopener sponsored');
    expect(await bannerLink.getByRole('img').getAttribute('src')).toBe(`/api/images/${banner.id}.webp`);

    const admin = await open();
    await signedInAs(admin, 'admin', '/admin/affiliates');
    expect(await pageHeading(admin)).toBe('Affiliates');
    await admin.getByRole('link', { name: 'Sim Gear Co.' }).waitFor();
    await admin.getByRole('link', { name: 'New affiliate' }).click();
    const form = admin.getByRole('form', { name: 'New affiliate' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Pit Wall Radio');
    await form.getByRole('textbox', { name: /^Affiliate link/ }).fill('not a link');
    await form.getByRole('button', { name: 'Create affiliate' }).click();
    await form.getByText('Affiliate URL must be a web address starting with https:// or http://').waitFor();
    await form.getByRole('textbox', { name: /^Affiliate link/ }).fill('https://pitwall.example/');
    await form.getByRole('button', { name: 'Create affiliate' }).click();
    await admin.getByRole('link', { name: 'Pit Wall Radio' }).waitFor();

    await logos.getByRole('link', { name: 'Pit Wall Radio (opens in a new tab)' }).waitFor({ timeout: LIVE_MS });
    expect(await seriousAxeViolations(visitor)).toEqual([]);
  });

  it('Merchandise shows an empty state, then the products in a grid; Downloads says when there is nothing yet', async () => {
    const page = await open();
    await visit(page, '/merchandise');
    await page.getByText('No merchandise yet').waitFor();
    await visit(page, '/downloads');
    await page.getByText('No downloads yet').waitFor();

    // Through the API, as an admin's save: the change invalidates the cached (empty) list.
    const admin = await site().signIn('admin');
    const saved = await site().api('/merchandise/admin', {
      method: 'PUT',
      as: admin,
      json: { product: { name: 'League hoodie', price: '49.90', currency: 'EUR', variants: ['S', 'M'], shopUrl: 'https://shop.example/hoodie' } },
    });
    expect(saved.status).toBe(200);
    await visit(page, '/merchandise');
    const card = page.getByRole('article', { name: 'League hoodie' });
    await card.getByText('49.90 EUR').waitFor();
    expect(await card.getByRole('link', { name: 'Buy League hoodie (opens the shop in a new tab)' }).getAttribute('href')).toBe('https://shop.example/hoodie');
  });

  it("Media: an organizer attaches a past race's video (a bad link is refused beside the field); it joins the Media list", async () => {
    await newEvent(site().em(), { name: 'Spa Endurance Round', startsAt: new Date(Date.now() - 3 * 86_400_000) });
    const organizer = await open();
    await signedInAs(organizer, 'organizer', '/media');
    const form = organizer.getByRole('form', { name: 'Race video' });
    await form.getByRole('combobox', { name: 'Race' }).click();
    await organizer.getByRole('option', { name: /^Spa Endurance Round/ }).click();
    await form.getByRole('textbox', { name: 'YouTube link' }).fill('https://example.com/not-a-video');
    await form.getByRole('button', { name: 'Save video' }).click();
    await form
      .getByText(/youtube/i)
      .first()
      .waitFor();
    await form.getByRole('textbox', { name: 'YouTube link' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await form.getByRole('button', { name: 'Save video' }).click();
    await form.getByRole('status').getByText('Video saved for Spa Endurance Round').waitFor();
    const videos = (await (await site().api('/events/youtube/all?pageNumber=0&pageSize=25')).json()) as { content: { eventName: string }[] };
    expect(videos.content.map((video) => video.eventName)).toEqual(['Spa Endurance Round']);
    await organizer.getByRole('article', { name: 'Spa Endurance Round' }).waitFor({ timeout: LIVE_MS });
  });
});
