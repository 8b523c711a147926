import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Headline } from '../../backend/src/modules/community/headline.entity.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { newRivalsServer } from '../factories/rivals.js';
import { newDriver, newMember } from '../factories/users.js';
import { accountMenuButton, DESKTOP, MOBILE, pageHeading, seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

const expectAccessible = async (page: Page, label: string) => {
  expect({ page: label, violations: await seriousAxeViolations(page) }).toEqual({ page: label, violations: [] });
};

describe('accessibility (axe: no serious or critical violations)', () => {
  const open = useTabs();

  beforeAll(async () => {
    // Pages with something on them: a headline, the crew, an upcoming event with a driver in it, Home's rivals
    // schedule (wider than a phone: it scrolls sideways there).
    const em = site().em();
    await em.persist(em.create(Headline, { text: 'Assessment races every Tuesday' })).flush();
    const { game, gp } = await newGameWithTrack(em, ['PC']);
    await newRivalsServer(em, { game, tracks: [gp], platform: 'PC' });
    await newMember(em, 'organizer');
    await newMember(em, 'steward');
    const event = await newEvent(em);
    await newAttendance(em, event, (await newDriver(em)).profile);
  });

  for (const [viewportName, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    it(`passes on the visitor pages (${viewportName})`, async () => {
      const page = await open(viewport);
      for (const path of ['/', '/?authFailed=true', '/no/such/page', '/events', '/grid/crew']) {
        await visit(page, path);
        await pageHeading(page);
        if (path === '/') await page.getByRole('table', { name: 'Rivals schedule' }).waitFor();
        await expectAccessible(page, `${path} (${viewportName})`);
      }
      await visit(page, '/');
      await page.getByRole('button', { name: 'Login / Join' }).click();
      await page.getByRole('dialog', { name: 'Login / Join' }).waitFor();
      await expectAccessible(page, `login dialog (${viewportName})`);
    });
  }

  it('passes for a signed-in admin: Home, menus, a staff page', async () => {
    const page = await open();
    await signedInAs(page, 'admin');
    await expectAccessible(page, 'admin home');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'admin menu open');
    await page.keyboard.press('Escape');
    await accountMenuButton(page).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'user menu open');
    await page.keyboard.press('Escape');
    await visit(page, '/admin/users');
    expect(await pageHeading(page)).toBe('Users');
    await expectAccessible(page, '/admin/users');
  });

  it('passes with the mobile drawer open for a signed-in admin', async () => {
    const page = await open(MOBILE);
    await signedInAs(page, 'admin');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expectAccessible(page, 'drawer open');
  });

  it('passes for the rookie on the Profile page', async () => {
    const page = await open();
    await signedInAs(page, 'rookie');
    await page.waitForURL((url) => url.pathname === '/profile');
    await pageHeading(page);
    await expectAccessible(page, 'rookie profile');
  });
});
