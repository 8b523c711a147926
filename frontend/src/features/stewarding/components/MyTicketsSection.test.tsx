import { describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import { MyTicketsAndLicence } from '../slots.js';
import { ticketFixture } from '../testing/ticketFixture.js';
import type { LicenceDto } from '../types.js';
import MyTicketsSection from './MyTicketsSection.js';

const LICENCE: LicenceDto = {
  profileId: 42,
  activePoints: 3,
  banThreshold: 12,
  entries: [
    { ticketId: 5, points: 3, event: { id: 11, name: 'Round 1 at Spa', date: '2026-11-23T19:00:00Z' }, createdAt: '2026-11-24T12:00:00Z', eventsLeft: 1, expired: false },
  ],
  bans: [],
};

function renderSection(section: ReactNode = <MyTicketsSection profileId={42} />) {
  const store = createStore();
  store.set(currentUserAtom, testUser());
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter>{section}</MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
}

/** The names of the parts the section shows as loading. */
const loadingParts = (section: HTMLElement) =>
  within(section)
    .getAllByRole('progressbar')
    .map((bar) => bar.getAttribute('aria-label'));

/** The section's markup with React's generated ids taken out (each render makes its own). */
const markupOf = (container: HTMLElement) => container.innerHTML.replace(/_r_[\w]+_|:r[\w]+:/g, 'id');

describe('My tickets & licence points on the own profile', () => {
  it('shows the licence points, then the tickets filed by or about the driver, each opened in a dialog', async () => {
    const { statements: _statements, internal: _internal, ...listed } = ticketFixture();
    installFakeApi({
      'GET /api/profile/42/licence': { status: 200, body: LICENCE },
      'GET /api/tickets/mine': { status: 200, body: { content: [listed], totalElements: 1 } },
      'GET /api/tickets/7': { status: 200, body: ticketFixture({ internal: null }) },
    });
    renderSection();
    const section = screen.getByRole('region', { name: 'My tickets & licence points' });
    expect(loadingParts(section)).toEqual(['Loading your licence points', 'Loading your tickets']);

    expect(await within(section).findByText(/^Licence points:/)).toHaveTextContent('Licence points: 3 of 12 (a race ban at 12)');
    const points = within(section).getByRole('list', { name: 'Licence points' });
    expect(points).toHaveTextContent('3 points · Round 1 at Spa (ticket #5)');
    expect(points).toHaveTextContent('Expire after 1 more event');
    expect(within(section).getByText('No active race bans.')).toBeInTheDocument();

    const tickets = await within(section).findByRole('list', { name: 'Tickets filed by or about you' });
    const item = within(tickets).getByRole('listitem');
    expect(item).toHaveTextContent('#7 Thursday GT Cup · Round 1 at Spa · Spa Race');
    expect(item).toHaveTextContent('[ 7 ] - Speedy vs [ 9 ] - Lou · filed');
    expect(
      within(item)
        .getAllByText('Open', { exact: true })
        .map((shown) => shown.tagName),
    ).toEqual(['SPAN', 'BUTTON']);

    await userEvent.click(within(item).getByRole('button', { name: 'Open ticket #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket #7' });
    expect(await within(dialog).findByText('Divebomb into turn one, no overlap.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus is back on the button that opened it.
    expect(within(item).getByRole('button', { name: 'Open ticket #7' })).toHaveFocus();
  });

  it('offers Try again when the tickets cannot be loaded', async () => {
    installFakeApi({ 'GET /api/profile/42/licence': { status: 200, body: LICENCE } });
    renderSection();
    expect(await screen.findByText('Your tickets could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is drawn on the profile, loading, before its part has arrived, exactly as the part first draws itself: nothing under it moves when it comes', async () => {
    installFakeApi({});
    const slot = renderSection(<MyTicketsAndLicence />);
    const placeholder = screen.getByRole('region', { name: 'My tickets & licence points' });
    expect(loadingParts(placeholder)).toEqual(['Loading your licence points', 'Loading your tickets']);
    const drawnBeforeThePart = markupOf(slot.container);
    cleanup();

    const part = renderSection();
    expect(markupOf(part.container)).toBe(drawnBeforeThePart);
  });
});
