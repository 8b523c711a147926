import { describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { showTime } from '../../../components/dateTime.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import { ReportIncident } from '../slots.js';

const RESULTS = [
  { profileId: 42, driverName: '[ 7 ] - Speedy' },
  { profileId: 43, driverName: '[ 9 ] - Lou' },
  { profileId: 44, driverName: '[ 3 ] - Ali' },
];

function renderSlot(user: ReturnType<typeof testUser> | null, results = RESULTS) {
  const store = createStore();
  store.set(currentUserAtom, user);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter>
          <ReportIncident raceId={5} raceLabel="Round 1 at Spa: Race" results={results} />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
}

const HOUR = 3600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();
/** The race's stewarding status with its filing window, hours from now. */
const windowOf = (opensIn: number, closesIn: number) => ({
  'GET /api/safety-car/races/5': {
    status: 200,
    body: { raceId: 5, provisional: true, finalAt: at(closesIn), openTickets: 0, filingOpensAt: at(opensIn), filingClosesAt: at(closesIn) },
  },
});

describe('Report an incident under a race’s results', () => {
  it('is not offered to visitors or to drivers who did not race', () => {
    renderSlot(null);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    renderSlot(testUser(), RESULTS.slice(1));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is offered only while filing is open, with the time left in the viewer’s zone; a closed race says when filing closed', async () => {
    installFakeApi(windowOf(-50, -2));
    renderSlot(testUser());
    expect(await screen.findByText(`Filing closed on ${showTime(at(-2)).dateTime}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report an incident/ })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d\d-\d\dT/);
    cleanup();

    installFakeApi(windowOf(1, 48));
    renderSlot(testUser());
    expect(await screen.findByText(`Incidents can be reported from ${showTime(at(1)).dateTime}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report an incident/ })).not.toBeInTheDocument();
    cleanup();

    // Half an hour past the whole hour, so the minutes spent rendering never change the hours shown.
    installFakeApi(windowOf(-1, 30.5));
    renderSlot(testUser());
    expect(await screen.findByRole('button', { name: 'Report an incident in Round 1 at Spa: Race' })).toBeInTheDocument();
    expect(screen.getByText(/^Filing is open for 1 d 6 h more \(until /)).toHaveTextContent(`until ${showTime(at(30.5)).dateTime}`);
  });

  it('lets a driver who raced name the others, and shows a window that closed meanwhile in the server’s words', async () => {
    const fake = installFakeApi({
      ...windowOf(-1, 30),
      'POST /api/tickets': {
        status: 409,
        body: {
          timestamp: '2026-11-24T12:00:00Z',
          status: 409,
          message: 'Filing closed on Thu, 26 Nov 2026, 19:00 UTC (open 1 h to 48 h after the race).',
          path: '/api/tickets',
        },
      },
    });
    renderSlot(testUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Report an incident in Round 1 at Spa: Race' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report an incident' });
    // The filer is not among the drivers to name.
    expect(within(dialog).queryByRole('checkbox', { name: '[ 7 ] - Speedy' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'File ticket' }));
    expect(await within(dialog).findByText('Drivers involved is required')).toBeInTheDocument();
    expect(within(dialog).getByText('What happened is required')).toBeInTheDocument();
    expect(fake.calls).not.toContain('POST /api/tickets');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: '[ 9 ] - Lou' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What happened' }), 'Pushed me wide at turn one.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'File ticket' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The ticket was not filed: Filing closed on Thu, 26 Nov 2026, 19:00 UTC (open 1 h to 48 h after the race).',
    );
    expect(JSON.parse(String(fake.requests.find((request) => request.key === 'POST /api/tickets')?.init?.body))).toMatchObject({
      raceId: 5,
      accusedProfileIds: [43],
      description: 'Pushed me wide at turn one.',
    });
  });
});
