import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Headline } from '../../backend/src/modules/community/headline.entity.js';
import { demoAccount } from '../../backend/src/infra/discord/demo-accounts.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { newTeam } from '../factories/teams.js';
import { newDriver, newMember } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { MOBILE, pageHeading, seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

/** A pushed change reaches another browser without a reload; a loaded machine may take a while. */
const LIVE_MS = 15_000;

const bannerLine = (page: Page) => page.getByRole('region', { name: 'Headlines' }).locator('span:not([aria-hidden])');
const expectAccessible = async (page: Page, label: string) => expect({ label, violations: await seriousAxeViolations(page) }).toEqual({ label, violations: [] });

describe('admin screens', () => {
  const open = useTabs();

  it('headlines: an admin adds, checks, edits, orders and deletes them; a visitor sees each change live', async () => {
    const admin = await open();
    await signedInAs(admin, 'admin');
    const visitor = await open();
    await visit(visitor, '/');

    await visit(admin, '/admin/headlines');
    expect(await pageHeading(admin)).toBe('Headlines');
    await admin.getByText('No headlines: the banner is hidden').waitFor();
    const form = admin.getByRole('form', { name: 'New headline' });
    await form.getByRole('button', { name: 'Add headline' }).click();
    await form.getByText('New headline is required').waitFor();
    await form.getByRole('textbox', { name: /^New headline/ }).fill('x'.repeat(201));
    await form.getByText('At most 200 characters (this one has 201)').waitFor();
    for (const text of ['Season five starts Monday', 'Rivals are live']) {
      await form.getByRole('textbox', { name: /^New headline/ }).fill(text);
      await form.getByRole('button', { name: 'Add headline' }).click();
      await admin.getByRole('list', { name: 'Headlines in order' }).getByText(text).waitFor();
    }
    // The second headline reaches the visitor as a push, after the admin's list shows it.
    await eventually(async () => expect(await bannerLine(visitor).innerText()).toMatch(/^Rivals are live\s+•\s+Season five starts Monday$/), LIVE_MS);
    await expectAccessible(admin, '/admin/headlines');

    await admin.getByRole('button', { name: 'Move up: Season five starts Monday' }).click();
    await visitor.waitForFunction(() => document.querySelector('section[aria-label="Headlines"] span')?.textContent?.startsWith('Season five'), null, { timeout: LIVE_MS });
    expect(
      (
        await site()
          .em()
          .find(Headline, {}, { orderBy: { position: 'asc' } })
      ).map((headline) => headline.text),
    ).toEqual(['Season five starts Monday', 'Rivals are live']);

    // The admin's own list shows the new order before its rows are used again (a click while rows move lands on another row).
    await admin.getByRole('list', { name: 'Headlines in order' }).getByRole('listitem').first().getByText('Season five starts Monday').waitFor();
    await admin.getByRole('button', { name: 'Edit: Rivals are live' }).click();
    const edit = admin.getByRole('form', { name: 'Edit headline 2' });
    await edit.getByRole('textbox').fill('Rivals are live on every platform');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visitor
      .getByText(/Rivals are live on every platform/)
      .first()
      .waitFor({ timeout: LIVE_MS });

    await admin.getByRole('button', { name: 'Delete: Season five starts Monday' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete this headline?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await visitor.waitForFunction(() => !document.querySelector('section[aria-label="Headlines"]')?.textContent?.includes('Season five'), null, { timeout: LIVE_MS });
  });

  it('maintenance: turned on and off after a confirmation; a visitor sees the maintenance page come and go', async () => {
    const admin = await open();
    await signedInAs(admin, 'admin');
    const visitor = await open();
    await visit(visitor, '/');

    await visit(admin, '/admin/maintenance');
    expect(await pageHeading(admin)).toBe('Maintenance mode');
    await admin.getByRole('status').getByText('Off').waitFor();
    await admin.getByRole('button', { name: 'Turn maintenance mode on' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Close the site for maintenance?' });
    await expectAccessible(admin, 'maintenance confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await admin.getByRole('status').getByText('Off').waitFor();

    await admin.getByRole('button', { name: 'Turn maintenance mode on' }).click();
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await admin.getByRole('status').getByText('On').waitFor();
    await visitor.getByRole('heading', { level: 1, name: 'Website under maintenance' }).waitFor({ timeout: LIVE_MS });

    await admin.getByRole('button', { name: 'Turn maintenance mode off' }).click();
    await admin.getByRole('dialog', { name: 'Open the site again?' }).getByRole('button', { name: 'Turn off' }).click();
    await admin.getByRole('status').getByText('Off').waitFor();
    await visitor.getByRole('button', { name: 'Login / Join' }).waitFor({ timeout: LIVE_MS });
  });

  it('users: the paged list sorts, filters by role and exports CSV', async () => {
    const em = site().em();
    await newMember(em, 'organizer');
    for (let i = 0; i < 3; i++) await newDriver(em);
    const page = await open();
    await signedInAs(page, 'admin', '/admin/users');
    expect(await pageHeading(page)).toBe('Users');
    const table = page.getByRole('table', { name: 'Users' });
    const usernames = async () => (await table.locator('tbody tr').allInnerTexts()).map((row) => row.split('\t')[1]!.trim());
    await table.locator('tbody tr').nth(4).waitFor();
    const byId = await usernames();
    expect(byId).toHaveLength(5);

    await table.getByRole('button', { name: 'Username' }).click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('Username'));
    // The header turns at once; the rows follow when the sorted page arrives.
    await eventually(async () => expect(await usernames()).toEqual([...byId].sort()), LIVE_MS);
    await table.getByRole('button', { name: 'Username' }).click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('Username'));
    await eventually(async () => expect(await usernames()).toEqual([...byId].sort().reverse()), LIVE_MS);

    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'ORGANIZER', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Users"] tbody tr').length === 1);
    await expect(usernames()).resolves.toEqual(['organizer']);
    await expectAccessible(page, '/admin/users');

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv.split('\r\n')[0]).toBe('id,discordId,username,globalName,nickName,roles,driverNumber,driverName,createdAt,lastSeenAt');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(6);
  });

  it('roles: an admin grants a driver the organizer role, the driver gets the organizer screens, and the admin revokes it', async () => {
    const admin = await open();
    await signedInAs(admin, 'admin');
    const driver = await open();
    await signedInAs(driver, 'driver', '/organizer/events');
    expect(await pageHeading(driver)).toBe('You need the organizer role');

    await visit(admin, '/admin/roles');
    expect(await pageHeading(admin)).toBe('Roles');
    const holders = admin.getByRole('list', { name: 'Holders of ADMIN' });
    await holders.getByText(/\(you\)$/).waitFor();
    await expect(admin.getByRole('button', { name: /^Revoke ADMIN from/ }).count()).resolves.toBe(0);

    const grant = admin.getByRole('form', { name: 'Grant a role' });
    await grant.getByRole('combobox', { name: 'User' }).fill('driver');
    await admin
      .getByRole('option', { name: /driver/ })
      .first()
      .click();
    await grant.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: 'ORGANIZER', exact: true }).click();
    await grant.getByRole('button', { name: 'Grant' }).click();
    await admin
      .getByRole('status')
      .getByText(/now holds ORGANIZER\.$/)
      .waitFor();
    await admin
      .getByRole('list', { name: 'Holders of ORGANIZER' })
      .getByText(/driver/)
      .waitFor();
    await expectAccessible(admin, '/admin/roles');

    await driver.getByRole('heading', { level: 1, name: 'Quick events' }).waitFor({ timeout: LIVE_MS });

    await admin.getByRole('button', { name: /^Revoke ORGANIZER from .*driver/ }).click();
    await admin
      .getByRole('status')
      .getByText(/no longer holds ORGANIZER\.$/)
      .waitFor();
    await admin
      .getByRole('list', { name: 'Holders of ORGANIZER' })
      .getByText(/driver/)
      .waitFor({ state: 'detached' });
    await driver.getByRole('heading', { level: 1, name: 'You need the organizer role' }).waitFor({ timeout: LIVE_MS });
  });

  it('discord roles: an admin reviews the plan of the league roles, applies it with its progress shown, and the server is then in sync', async () => {
    const admin = await open();
    await signedInAs(admin, 'admin');
    const member = await site()
      .em()
      .findOneOrFail(User, { discordId: demoAccount('admin').id });
    await newTeam(site().em(), { name: 'Velocity Works', members: [member] });

    await visit(admin, '/admin/discord/roles');
    expect(await pageHeading(admin)).toBe('Discord roles');
    const plan = admin.getByRole('table', { name: 'Planned role changes' });
    const team = plan.getByRole('row', { name: /Velocity Works/ });
    await team.getByText('Create the role').waitFor();
    await team.getByText('Ada Admin').waitFor();
    await plan
      .getByRole('row', { name: /^Admin Crew/ })
      .getByText('Ada Admin')
      .waitFor();
    await expectAccessible(admin, '/admin/discord/roles');

    await admin.getByRole('button', { name: 'Apply these changes' }).click();
    await admin.getByText('In sync', { exact: true }).waitFor({ timeout: LIVE_MS });
    await admin
      .getByRole('status')
      .getByText(/^Last applied .* \(\d+ Discord changes\)\.$/)
      .waitFor();
    await expect(admin.getByRole('button', { name: 'Apply these changes' }).count()).resolves.toBe(0);
    await expectAccessible(admin, '/admin/discord/roles in sync');
  });

  it('fits the admin screens on a phone', async () => {
    const page = await open(MOBILE);
    await signedInAs(page, 'admin');
    for (const path of ['/admin/users', '/admin/roles', '/admin/headlines', '/admin/maintenance', '/admin/discord/roles']) {
      await visit(page, path);
      await pageHeading(page);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect({ path, fits: widths.scroll <= widths.client }).toEqual({ path, fits: true });
    }
  });
});
