import { beforeAll, describe, expect, it } from '@jest/globals';
import { newMember } from '../factories/users.js';
import { pageHeading, signedInAs, site, useTabs, visit } from './support/browser.js';

describe('teams', () => {
  const open = useTabs();
  let teamName: string;

  beforeAll(async () => {
    const em = site().em();
    ({ name: teamName } = (await newMember(em, 'captain')).team!);
    await newMember(em, 'driver', { profile: { driverNumber: 77, steamUsername: 'DaniDrives' } });
  });

  it('lets a captain invite a driver, the driver accept on their profile, and GridTeams show it', async () => {
    const captainPage = await open();
    await signedInAs(captainPage, 'captain', '/myteams');
    expect(await pageHeading(captainPage)).toBe('My teams');
    await captainPage.getByRole('textbox', { name: 'Invite a driver: name or number' }).fill('Dani');
    await captainPage.getByRole('button', { name: 'Invite [ 77 ] - DaniDrives' }).click();
    await captainPage
      .getByRole('list', { name: `Invited to ${teamName}` })
      .getByText('[ 77 ] - DaniDrives')
      .waitFor();

    const driverPage = await open();
    await signedInAs(driverPage, 'driver', '/profile');
    const invitations = driverPage.getByRole('region', { name: 'Team invitations' });
    await invitations.getByText(`${teamName} invites you to drive for them.`).waitFor();
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await invitations.waitFor({ state: 'detached' });

    // The captain's roster follows live.
    await captainPage
      .getByRole('list', { name: `Drivers of ${teamName}` })
      .getByRole('link', { name: '[ 77 ] - DaniDrives' })
      .waitFor();

    const visitor = await open();
    await visit(visitor, '/grid/teams');
    expect(await pageHeading(visitor)).toBe('Teams');
    const team = visitor.getByRole('article', { name: teamName });
    await team.getByRole('link', { name: '[ 77 ] - DaniDrives' }).click();
    await visitor.waitForURL((url) => url.pathname.startsWith('/grid/driver/'));
    expect(await pageHeading(visitor)).toBe('[ 77 ] - DaniDrives');
  });
});
