import { beforeAll, describe, expect, it } from '@jest/globals';
import { newDriver, newMember } from '../factories/users.js';
import { pageHeading, signedInAs, site, useTabs, visit } from './support/browser.js';

describe('team administration', () => {
  const open = useTabs();

  beforeAll(async () => {
    const em = site().em();
    await newMember(em, 'admin');
    await newMember(em, 'driver');
    await newDriver(em, { profile: { driverNumber: 44, steamUsername: 'CaraCaptain' } });
  });

  it('lets an admin create a team with name, tag and colour and appoint its captain; GridTeams shows it', async () => {
    const admin = await open();
    await signedInAs(admin, 'admin', '/admin/teams');
    expect(await pageHeading(admin)).toBe('Teams');
    await admin.getByRole('link', { name: 'New team' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/team/new');
    expect(await pageHeading(admin)).toBe('New team');

    const form = admin.getByRole('form', { name: 'New team' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Violet Vortex');
    await form.getByRole('textbox', { name: 'Tag' }).fill('vvx');
    await form.getByRole('textbox', { name: 'Colour' }).fill('#5e35b1');
    await form.getByRole('button', { name: 'Create team' }).click();
    await admin.waitForURL((url) => /^\/admin\/team\/\d+$/.test(url.pathname));
    expect(await pageHeading(admin)).toBe('Violet Vortex');

    const captains = admin.getByRole('region', { name: 'Captains' });
    await captains.getByText('No captain yet.').waitFor();
    await captains.getByRole('textbox', { name: 'Appoint a captain: name or number' }).fill('Cara');
    await captains.getByRole('button', { name: 'Appoint [ 44 ] - CaraCaptain' }).click();
    await captains.getByRole('list', { name: 'Captains of Violet Vortex' }).getByText('[ 44 ] - CaraCaptain').waitFor();

    await admin.getByRole('link', { name: '← All teams' }).click();
    const row = admin.getByRole('table', { name: 'Teams' }).getByRole('row', { name: /Violet Vortex/ });
    await row.getByText('[VVX]').waitFor();
    await row.getByRole('cell', { name: '[ 44 ] - CaraCaptain' }).waitFor();

    const visitor = await open();
    await visit(visitor, '/grid/teams');
    expect(await pageHeading(visitor)).toBe('Teams');
    const card = visitor.getByRole('article', { name: 'Violet Vortex' });
    // The tag under the name (the avatar shows it too).
    await card.getByRole('paragraph').filter({ hasText: /^VVX$/ }).waitFor();
    await card.getByRole('list', { name: 'Drivers of Violet Vortex' }).getByRole('link', { name: '[ 44 ] - CaraCaptain' }).waitFor();
    await card.getByText('(captain)').waitFor();
    expect(await card.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(94, 53, 177)');
  });

  it('refuses the team screens to a driver without the admin role', async () => {
    const page = await open();
    await signedInAs(page, 'driver');
    for (const path of ['/admin/teams', '/admin/team/new']) {
      await visit(page, path);
      expect(await pageHeading(page)).toBe('You need the admin role');
      await expect(page.getByRole('button', { name: 'Create team' }).count()).resolves.toBe(0);
    }
  });
});
