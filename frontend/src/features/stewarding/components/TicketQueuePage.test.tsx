import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import { ticketFixture } from '../testing/ticketFixture.js';
import TicketQueuePage from './TicketQueuePage.js';

function renderQueue() {
  const store = createStore();
  store.set(currentUserAtom, testUser({ roles: ['STEWARD'] }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter>
          <TicketQueuePage />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
}

describe("the stewards' ticket queue", () => {
  it('lists each ticket with its race, drivers, state and who handles it; the filters are the browser’s selects', async () => {
    const fake = installFakeApi({ 'GET /api/tickets': { status: 200, body: { content: [ticketFixture()], totalElements: 1 } } });
    renderQueue();
    const queue = await screen.findByRole('table', { name: 'Ticket queue' });
    expect(screen.getByRole('region', { name: 'Ticket queue, scrolls sideways' })).toHaveAttribute('tabindex', '0');
    const row = within(queue).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/steward/tickets/7');
    expect(row).toHaveTextContent('Thursday GT Cup · Round 1 at Spa · Spa Race');
    expect(row).toHaveTextContent('Lap 3 · T1');
    expect(row).toHaveTextContent('[ 7 ] - Speedy');
    expect(row).toHaveTextContent('vs [ 9 ] - Lou');
    expect(within(row).getByText('Open', { exact: true })).toBeInTheDocument();
    expect(within(row).getByText('Nobody yet')).toBeInTheDocument();

    // A race can be chosen once a season is: the seasons include those the shown tickets name.
    expect(screen.getByRole('combobox', { name: 'Race (pick a season first)' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Under review');
    await waitFor(() => expect(fake.calls.some((call) => call.startsWith('GET /api/tickets?') && call.includes('state=UNDER_REVIEW'))).toBe(true));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Season' }), 'Thursday GT Cup · Season 1');
    await waitFor(() => expect(fake.calls.some((call) => call.includes('state=UNDER_REVIEW') && call.includes('season=4'))).toBe(true));
    expect(screen.getByRole('combobox', { name: 'Race' })).toBeEnabled();
  });

  it('says when no ticket matches the filters', async () => {
    installFakeApi({ 'GET /api/tickets': { status: 200, body: { content: [], totalElements: 0 } } });
    renderQueue();
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Closed');
    expect(await screen.findByText('No tickets match these filters')).toBeInTheDocument();
  });
});
