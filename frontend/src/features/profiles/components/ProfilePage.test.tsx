import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import type { MyProfileDto } from '@paddock/contracts/profiles.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, testUser, type FakeReply } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import { ROOKIE } from '../testing/profileFixture.js';
import ProfilePage from './ProfilePage.js';

const DRIVER: MyProfileDto = {
  ...ROOKIE,
  driverNumber: 31,
  xboxUsername: 'RemyRookie',
  platforms: ['XBOX'],
  profileCompleted: true,
  driverName: '[ 31 ] - RemyRookie',
  missing: [],
};

function renderPage(profile: MyProfileDto, save?: FakeReply, more: Parameters<typeof installFakeApi>[0] = {}) {
  const fake = installFakeApi({
    'GET /api/profile': { status: 200, body: profile },
    'GET /api/profile/takenDriverNumbers': { status: 200, body: [] },
    'GET /api/games': { status: 200, body: [] },
    'GET /api/bidding/mine': { status: 200, body: [] },
    ...(save ? { 'PATCH /api/profile': save } : {}),
    ...more,
  });
  const store = createStore();
  store.set(currentUserAtom, testUser({ profileCompleted: profile.profileCompleted }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
  return fake;
}

describe('My profile', () => {
  it('shows a rookie the hint and the form first, and no bidding until the profile is complete', async () => {
    const fake = renderPage(ROOKIE);
    const form = await screen.findByRole('form', { name: 'Driver profile' });
    const hint = within(form).getByRole('region', { name: 'Complete your profile' });
    expect(hint).toHaveTextContent('you still need a driver number and a platform you race on');
    expect(screen.getByRole('heading', { level: 1 }).compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(form.previousElementSibling?.tagName).toBe('H1');
    expect(fake.calls.some((call) => call.includes('/bidding'))).toBe(false);
  });

  it('says beside each field what an empty save lacks, and sends nothing', async () => {
    const fake = renderPage(ROOKIE);
    await userEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your driver number is needed to race')).toBeInTheDocument();
    expect(screen.getByText('Tick a platform you race on')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Driver number' })).toHaveAccessibleDescription('Your driver number is needed to race');
    expect(screen.queryByText(/Profile saved/)).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.startsWith('PATCH'))).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Xbox' }));
    expect(await screen.findByText('Your Xbox gamertag is needed to race on Xbox')).toBeInTheDocument();
  });

  it('draws a complete driver’s tickets with the page, not after it: arriving later, they pushed everything under them down', async () => {
    let answerTickets: () => void = () => undefined;
    const ticketsAsked = new Promise<void>((resolve) => (answerTickets = resolve));
    const fake = renderPage(DRIVER, undefined, {
      'GET /api/profile/42/licence': { status: 200, body: { profileId: 42, activePoints: 0, banThreshold: 12, entries: [], bans: [] } },
      'GET /api/tickets/mine': async () => {
        await ticketsAsked;
        return { status: 200, body: { content: [], totalElements: 0, totalPages: 0, number: 0, size: 25 } };
      },
    });
    await waitFor(() => expect(fake.calls).toContain('GET /api/profile/42/licence'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('progressbar', { name: 'Loading your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Driver profile' })).not.toBeInTheDocument();

    answerTickets();
    // Its part drawn (after its chunk, which the test does not preload): the tickets with it, no skeleton first.
    expect(await screen.findByText(/Licence points:/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading your tickets' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Driver profile' })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.startsWith('GET /api/tickets/mine'))).toHaveLength(1);
  });

  it('draws the page when the tickets cannot be read, the section saying so', async () => {
    renderPage(DRIVER, undefined, { 'GET /api/tickets/mine': { status: 500, body: { status: 500, message: 'Internal server error' } } });
    expect(await screen.findByRole('form', { name: 'Driver profile' })).toBeInTheDocument();
    expect(await screen.findByText('Your tickets could not be loaded.')).toBeInTheDocument();
  });

  it('refuses to blank a complete driver’s number and platforms', async () => {
    const fake = renderPage(DRIVER);
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Driver number' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Xbox' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your driver number is needed to race')).toBeInTheDocument();
    expect(screen.getByText('Tick a platform you race on')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it('never says saved when the server’s answer is an incomplete profile: it names what is missing, by field', async () => {
    const incomplete: MyProfileDto = { ...DRIVER, xboxUsername: null, profileCompleted: false, missing: ['your id on Xbox'] };
    renderPage(DRIVER, { status: 200, body: incomplete });
    await userEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(/^Saved, but your profile is not complete yet: you still need your id on Xbox\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Xbox gamertag' })).toHaveAccessibleDescription('Your Xbox gamertag is needed to race on Xbox');
    expect(screen.queryByText(/Profile saved/)).not.toBeInTheDocument();
  });

  it('offers the own, saved and UTC zones with the page, and every zone once the list is used', async () => {
    const fake = renderPage({ ...DRIVER, timeZone: 'Europe/Amsterdam' }, { status: 200, body: { ...DRIVER, timeZone: 'Asia/Tokyo' } });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(within(zone).getByRole('option', { name: 'Europe/Amsterdam' })).toBeInTheDocument();
    expect(within(zone).getByRole('option', { name: 'UTC' })).toBeInTheDocument();
    expect(within(zone).queryByRole('option', { name: 'Asia/Tokyo' })).not.toBeInTheDocument();
    await userEvent.click(zone);
    expect(within(zone).getAllByRole('option').length).toBeGreaterThan(300);
    await userEvent.selectOptions(zone, 'Asia/Tokyo');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    const sent = JSON.parse(String(fake.requests.find((request) => request.key === 'PATCH /api/profile')!.init!.body)) as { timeZone: string };
    expect(sent.timeZone).toBe('Asia/Tokyo');
  });

  it('sends the time zone chosen in its list and the hidden switch with the profile', async () => {
    const fake = renderPage(DRIVER, { status: 200, body: { ...DRIVER, timeZone: 'UTC', hidden: true } });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Time zone' }), 'UTC');
    const hide = screen.getByRole('switch', { name: /^Hide my profile from visitors/ });
    expect(hide).not.toBeChecked();
    await userEvent.click(hide);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    const sent = JSON.parse(String(fake.requests.find((request) => request.key === 'PATCH /api/profile')!.init!.body)) as { timeZone: string; hidden: boolean };
    expect(sent).toMatchObject({ timeZone: 'UTC', hidden: true });
  });
});
