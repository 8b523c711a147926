import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { eventFixture } from '../testing/eventFixture.js';
import EventListPage from './EventListPage.js';

const GAMES = [
  { id: 1, name: 'Assetto Corsa Competizione', icon: null, platforms: ['PC'], crossPlayPlatforms: [] },
  { id: 2, name: 'Forza Motorsport', icon: null, platforms: ['XBOX'], crossPlayPlatforms: [] },
];

function renderPage() {
  const fake = installFakeApi({
    'GET /api/games': { status: 200, body: GAMES },
    'GET /api/events/planned': { status: 200, body: { content: [eventFixture({ name: 'Spa Sprint' })], totalElements: 30 } },
    'GET /api/events/past': { status: 200, body: { content: [eventFixture({ id: 2, name: 'Monza Classic', date: '2020-01-01T19:00:00.000Z' })], totalElements: 1 } },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EventListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fake;
}

/** Event-List: its events, the game and platform filters and the list footer. */
describe('Event-List', () => {
  it('shows the events, the game and platform filters and the list footer', async () => {
    renderPage();
    expect(await screen.findByRole('article', { name: 'Spa Sprint' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Game' })).toHaveDisplayValue('All games');
    expect(screen.getByRole('combobox', { name: 'Platform' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Event pages' })).toHaveTextContent('1–25 of 30');
  });

  it('asks for the chosen game, from the first page again', async () => {
    const fake = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(fake.calls.some((call) => call.startsWith('GET /api/events/planned') && call.includes('pageNumber=1'))).toBe(true));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Game' }), 'Forza Motorsport');
    await waitFor(() => expect(fake.calls.some((call) => call.includes('gameId=2') && call.includes('pageNumber=0'))).toBe(true));
  });

  it('shows past events under the Past tab, with who raced instead of the seats left', async () => {
    const fake = renderPage();
    const upcoming = screen.getByRole('tab', { name: 'Upcoming' });
    expect(upcoming).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Upcoming events' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: 'Monza Classic' });
    expect(within(card).getByTestId('seats-available')).toHaveTextContent('2 drivers raced');
    expect(within(card).getByRole('link', { name: 'Details of Monza Classic' })).toHaveAttribute('href', '/events/2');
    expect(screen.getByRole('list', { name: 'Past events' })).toBeInTheDocument();
    expect(fake.calls.some((call) => call.startsWith('GET /api/events/past') && call.includes('pageNumber=0'))).toBe(true);
  });
});
