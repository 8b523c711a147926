import { beforeAll, describe, expect, it } from '@jest/globals';
import { newDriver } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { baseUrl, pageHeading, signedInAs, signInAs, site, useTabs } from './support/browser.js';

describe('profile editing', () => {
  const open = useTabs();

  beforeAll(async () => {
    // Another driver has number 44 (the rookie is the account's persona: new, profile incomplete).
    await newDriver(site().em(), { profile: { driverNumber: 44 } });
  });

  it('lets the rookie complete the profile and reach Home, after showing a taken number before saving', async () => {
    const page = await open();
    await signInAs(page, 'rookie');
    await page.waitForURL((url) => url.pathname === '/profile');
    expect(await pageHeading(page)).toBe('My profile');
    await page.getByRole('region', { name: 'Complete your profile' }).waitFor();
    await page.getByText(/Taken numbers: .*44/).waitFor();

    const number = page.getByRole('textbox', { name: 'Driver number' });
    await number.fill('44');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Number 44 is taken').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');

    await number.fill('31');
    await page.getByRole('checkbox', { name: 'Xbox' }).check();
    await page.getByRole('textbox', { name: 'Xbox gamertag' }).fill('x');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(/An Xbox gamertag has 3 to 15/).waitFor();
    await page.getByRole('textbox', { name: 'Xbox gamertag' }).fill('RemyRookie');
    await page.getByRole('button', { name: 'Save profile' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    expect(await pageHeading(page)).toMatch(/^Welcome/);
    // Let in for good: other routes no longer send the driver back to Profile.
    await page.goto('/grid');
    await pageHeading(page);
    expect(new URL(page.url()).pathname).toBe('/grid');
  });

  it('gives the driver a private calendar address to subscribe to, copy, and replace', async () => {
    const page = await open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signedInAs(page, 'driver', '/profile');
    const section = page.getByRole('region', { name: 'My races calendar' });
    await section.getByRole('button', { name: 'Create my calendar address' }).click();
    const subscribe = section.getByRole('link', { name: 'Subscribe to your races in your calendar' });
    const webcal = (await subscribe.getAttribute('href'))!;
    const feedUrl = (await section.getByRole('link', { name: '.ics file of your races' }).getAttribute('href'))!;
    expect(feedUrl).toMatch(new RegExp(`^${baseUrl()}/api/calendar/drivers/[\\w-]{32}\\.ics$`));
    expect(webcal).toBe(feedUrl.replace(/^http:/, 'webcal:'));

    await section.getByRole('button', { name: 'Copy address of the calendar of your races' }).click();
    await section.getByText('Address copied: paste it into your calendar app.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);

    await section.getByRole('button', { name: 'New address' }).click();
    await section.getByRole('button', { name: 'Replace it' }).click();
    await eventually(async () => expect(await section.getByRole('link', { name: '.ics file of your races' }).getAttribute('href')).not.toBe(feedUrl));
    expect((await fetch(feedUrl)).status).toBe(404);
  });

  it('offers notifications on this device, and the service worker registers with the whole site as its scope', async () => {
    const page = await open();
    await signedInAs(page, 'driver', '/profile');
    const panel = page.getByRole('region', { name: 'Push notifications' });
    await panel.getByRole('switch', { name: 'Notifications on this device' }).waitFor();
    await panel.getByText('No device receives notifications yet.').waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.register('/sw.js')).scope);
    expect(scope).toBe(`${new URL(page.url()).origin}/`);
  });
});
