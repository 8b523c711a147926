import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { installFakeApi, TEST_CONFIG, testUser, UNAUTHORIZED, type FakeReply } from '../testing/fakeApi.js';
import type { CurrentUserDto } from '@paddock/contracts/api.js';
import { communityKeys } from '../features/community/index.js';
import { siteKeys } from '../features/site/index.js';
import { createQueryClient } from '../lib/query/queryClient.js';
import { App } from './App.js';

function startAt(path: string, me: FakeReply | CurrentUserDto, extra: Parameters<typeof installFakeApi>[0] = {}) {
  window.history.replaceState(null, '', path);
  const fake = installFakeApi({
    'GET /api/config': { status: 200, body: TEST_CONFIG },
    'GET /api/users/me': 'status' in me ? me : { status: 200, body: me },
    'POST /api/config': { status: 204 },
    ...extra,
  });
  const store = createStore();
  const queryClient = createQueryClient();
  render(<App store={store} queryClient={queryClient} />);
  return { fake, store, queryClient };
}

describe('App', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows a visitor the intro, the Login / Join button and the footer', async () => {
    startAt('/', UNAUTHORIZED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Test League' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Join us!/ })).toHaveAttribute('href', TEST_CONFIG.discord.joinUrl);
    expect(screen.getByRole('button', { name: 'Login / Join' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(String(new Date().getFullYear()));
    expect(footer).toHaveTextContent('All rights reserved on league communications and format');
    expect(within(footer).getByRole('link', { name: 'Live streams' })).toHaveAttribute('href', TEST_CONFIG.social.liveStream);
  });

  it('sends a visitor from a private route to Home, with the sign-in dialog saying why', async () => {
    startAt('/admin/users', UNAUTHORIZED);
    const dialog = await screen.findByRole('dialog', { name: 'Login / Join' });
    expect(within(dialog).getByText('This page is for the league’s staff: log in to open it.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('shows the Login error alert with its hints when the query has authFailed', async () => {
    startAt('/?authFailed=true', UNAUTHORIZED);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Login error')).toBeInTheDocument();
    expect(alert).toHaveTextContent(/verified/);
    expect(alert).toHaveTextContent(/same Discord identity/);
    expect(alert).toHaveTextContent(/joined our server first/);
  });

  it('opens the login dialog with Login to the sign-in link and Join to the invite', async () => {
    startAt('/', UNAUTHORIZED);
    await userEvent.click(await screen.findByRole('button', { name: 'Login / Join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login / Join' });
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/api/auth/discord');
    expect(within(dialog).getByRole('link', { name: 'Join' })).toHaveAttribute('href', TEST_CONFIG.discord.joinUrl);
  });

  it('welcomes a signed-in driver by driver name and lets them open any route', async () => {
    startAt('/', testUser({ name: 'Speedy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Speedy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open discord/ })).toHaveAttribute('href', TEST_CONFIG.discord.joinUrl);
    // The hint waits until the next race has been looked up (here: none), so it never flashes before a banner.
    expect(await screen.findByRole('link', { name: 'Browse all events' })).toHaveAttribute('href', '/events');
  });

  it('sends a user with an incomplete profile to Profile', async () => {
    startAt('/grid', testUser({ profileCompleted: false, roles: ['NEW'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');
  });

  it('shows a titled Under construction page for a screen the spec leaves unbuilt', async () => {
    startAt('/organizer/scheduler', testUser({ roles: ['ORGANIZER'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduler' })).toBeInTheDocument();
    expect(screen.getByText('Under construction')).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    startAt('/no/such/page', UNAUTHORIZED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('goes Home after Logout', async () => {
    const { fake } = startAt('/events/competitions/schedule', testUser(), { 'POST /api/logout': { status: 204 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Racer Global' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login / Join' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(fake.calls).toContain('POST /api/logout');
  });

  it('opens the Error dialog when a call fails, with details and an Ok button', async () => {
    startAt('/', testUser(), {
      'POST /api/logout': { status: 500, body: { timestamp: '2025-01-01T10:00:00Z', status: 500, message: 'Pit wall offline', path: '/api/logout' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Racer Global' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Pit wall offline');
    const details = within(dialog).getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveTextContent('URL: http://localhost/api/logout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument());
    // The failed logout keeps the user signed in.
    expect(screen.getByRole('button', { name: 'Account menu for Racer Global' })).toBeInTheDocument();
  });

  it('shows the fallback view when the league cannot be reached, and Retry starts again', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let configReply: FakeReply = { status: 503, body: { timestamp: 't', status: 503, message: 'down', path: '/api/config' } };
    startAt('/', UNAUTHORIZED, { 'GET /api/config': () => configReply });
    expect(await screen.findByRole('heading', { name: /can’t reach the league/ })).toBeInTheDocument();
    configReply = { status: 200, body: TEST_CONFIG };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test League' })).toBeInTheDocument();
    log.mockRestore();
  });

  it('shows the maintenance page to drivers but not to staff', async () => {
    const { queryClient } = startAt('/', testUser());
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    act(() => {
      queryClient.setQueryData(siteKeys.maintenance, { enabled: true });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Website under maintenance' })).toBeInTheDocument();
    const join = screen.getByRole('link', { name: 'Join our discord' });
    expect(join).toHaveAttribute('href', TEST_CONFIG.discord.joinUrl);
    expect(join).toHaveAttribute('target', '_blank');
  });

  it('lets staff through during maintenance', async () => {
    const { queryClient } = startAt('/', testUser({ roles: ['STEWARD'] }));
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    act(() => {
      queryClient.setQueryData(siteKeys.maintenance, { enabled: true });
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Website under maintenance')).not.toBeInTheDocument();
  });

  it('runs the headlines from the cache in a labelled banner', async () => {
    const { queryClient } = startAt('/', UNAUTHORIZED);
    await screen.findByRole('heading', { level: 1, name: 'Test League' });
    expect(screen.queryByRole('region', { name: 'Headlines' })).not.toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(communityKeys.headlines, [{ id: 1, text: 'Rivals launches Monday', createdAt: '', updatedAt: '' }]);
    });
    expect(await screen.findByRole('region', { name: 'Headlines' })).toHaveTextContent('Rivals launches Monday');
  });
});
