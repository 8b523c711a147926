import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import { PLATFORM_LABELS } from '../labels.js';
import { detailsFixture } from '../testing/eventFixture.js';
import type { EventDetailsDto } from '../types.js';
import EventDetailsPage from './EventDetailsPage.js';

function renderPage(path: string, routes: Parameters<typeof installFakeApi>[0]) {
  installFakeApi(routes);
  const store = createStore();
  store.set(currentUserAtom, null);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/events/:event" element={<EventDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
}

const withEvent = (event: EventDetailsDto) => ({ 'GET /api/events/1': { status: 200, body: event } });

/** Event-details as a visitor sees it: what the event is, its seats, its races, its rules and who is in. */
describe('Event-details', () => {
  it('shows the event: title, platforms, seats, races and tracks, rules and who is in', async () => {
    renderPage('/events/1', withEvent(detailsFixture({ live: true })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday Night GT3' })).toBeInTheDocument();
    expect(screen.getByText('Live now')).toBeInTheDocument();
    expect(screen.getAllByText(PLATFORM_LABELS.XBOX, { exact: true })).toHaveLength(1);
    expect(within(screen.getByRole('status', { name: 'Seats' })).getByTestId('seats-available')).toHaveTextContent('18 of 20 seats available');
    expect(screen.getByText(/Sign in with Discord to join/)).toBeInTheDocument();

    const races = screen.getByRole('region', { name: 'Races and tracks' });
    expect(within(races).getByRole('heading', { level: 2, name: 'Races and tracks' })).toBeInTheDocument();
    expect(within(races).getByRole('heading', { level: 3, name: /Spa-Francorchamps/ })).toBeInTheDocument();
    const sessions = within(races).getByRole('list', { name: /^Sessions at Spa-Francorchamps/ });
    expect(
      within(sessions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Qualifying/), expect.stringMatching(/^Race/)]);

    const rules = screen.getByRole('region', { name: 'Rules' });
    expect(within(rules).getByText('Stewarded').nextElementSibling).toHaveTextContent('Yes');

    const drivers = within(screen.getByRole('region', { name: 'Who is in (2)' })).getByRole('list', { name: 'Drivers in this event' });
    expect(within(drivers).getByRole('link', { name: '[ 77 ] - DaniDrives' })).toHaveAttribute('href', '/grid/driver/5');
    expect(within(drivers).getByText('Apex')).toBeInTheDocument();
  });

  it('says who raced once the event is past', async () => {
    renderPage('/events/1', withEvent(detailsFixture({ date: '2020-01-01T19:00:00.000Z' })));
    expect(await screen.findByRole('region', { name: 'Who raced (2)' })).toBeInTheDocument();
    expect(screen.getByTestId('seats-available')).toHaveTextContent('2 drivers raced');
  });

  it('shows not-found with a way back to all events for a missing event', async () => {
    renderPage('/events/1', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events');
  });
});
