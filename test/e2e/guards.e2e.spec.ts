import { describe, expect, it } from '@jest/globals';
import { pageHeading, signedInAs, signInAs, useTabs, visit } from './support/browser.js';

describe('route guards', () => {
  const open = useTabs();

  it.each([
    ['/admin/users', 'This page is for the league’s staff: log in to open it.'],
    ['/profile', 'This page is for signed-in drivers: log in to open it.'],
    ['/myteams', 'This page is for signed-in drivers: log in to open it.'],
    ['/organizer/events', 'This page is for the league’s staff: log in to open it.'],
    ['/steward/tickets/3', 'This page is for the league’s staff: log in to open it.'],
  ])('sends a visitor from %s to Home, with the sign-in dialog saying why', async (path, why) => {
    const page = await open();
    await visit(page, path);
    await page.waitForURL((url) => url.pathname === '/');
    // The open dialog hides the page behind it from the accessibility tree: the dialog is what is read.
    await page.getByRole('dialog', { name: 'Login / Join' }).getByText(why).waitFor();
  });

  it('sends a visitor from /live to Home with the sign-in dialog open, saying the live race needs it', async () => {
    const page = await open();
    await visit(page, '/live');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('dialog', { name: 'Login / Join' }).getByText('The live race is for signed-in drivers: log in to watch it.').waitFor();
  });

  it.each(['/grid', '/events/competitions/standings', '/rivals/PC', '/grid/crew/stewards', '/downloads'])('lets a visitor open %s', async (path) => {
    const page = await open();
    await visit(page, path);
    await pageHeading(page);
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it('sends the rookie with an incomplete profile to Profile, from sign-in and from any other route', async () => {
    const page = await open();
    await signInAs(page, 'rookie');
    await page.waitForURL((url) => url.pathname === '/profile');
    expect(await pageHeading(page)).toBe('My profile');
    await visit(page, '/grid');
    await page.waitForURL((url) => url.pathname === '/profile');
    expect(await pageHeading(page)).toBe('My profile');
  });

  it('lets a signed-in driver open a private route', async () => {
    const page = await open();
    await signedInAs(page, 'driver', '/profile/rivals');
    expect(await pageHeading(page)).toBe('My rivals');
    expect(new URL(page.url()).pathname).toBe('/profile/rivals');
  });

  it('brings a user outside the community back with the Login error alert', async () => {
    const page = await open();
    await signInAs(page, 'notmember');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('authFailed') === 'true');
    const alert = page.getByRole('alert');
    await alert.getByText('Login error').waitFor();
    const text = await alert.innerText();
    expect(text).toMatch(/verified/);
    expect(text).toMatch(/same Discord identity/);
    expect(text).toMatch(/joined our server first/);
    await page.getByRole('button', { name: 'Login / Join' }).waitFor();
  });
});
