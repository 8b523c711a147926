import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import type { LiveIncident } from '@paddock/contracts/timing.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { RealtimeConnection } from '../../../lib/realtime/connection.js';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { FakeSocket } from '../../../testing/fakeSocket.js';
import { currentUserAtom } from '../../auth/index.js';
import { incidentTicketForm, raceTimeText } from '../ticketForm.js';
import LiveIncidents from './LiveIncidents.js';

const CONTACT: LiveIncident = {
  id: 'acc-1',
  raceId: 5,
  kind: 'CAR_CONTACT',
  lap: 3,
  elapsedMs: 754_300,
  cars: [
    { carId: 1, driverName: 'Lou', profileId: 43, raceNumber: 9 },
    { carId: 2, driverName: 'Guest Driver', profileId: null, raceNumber: 88 },
    { carId: 3, driverName: 'Ali', profileId: 44, raceNumber: 3 },
  ],
  speedKmh: 42.4,
};

let stop: (() => void) | null = null;
afterEach(() => {
  cleanup();
  stop?.();
  stop = null;
});

function renderIncidents(user = testUser({ roles: ['STEWARD'] })) {
  const store = createStore();
  store.set(currentUserAtom, user);
  const socket = new FakeSocket();
  const connection = new RealtimeConnection(() => socket.asSocket());
  connection.connect();
  stop = () => connection.disconnect();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter>
          <LiveIncidents raceId={5} raceLabel="Round 1 at Spa: Race" connection={connection} />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
  return socket;
}

async function push(socket: FakeSocket, incident: LiveIncident) {
  await act(async () => {
    socket.push('live.incident', incident);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the live incidents of a race, for the stewards', () => {
  it('says none were reported, then lists each incident pushed for this race once, in the stewards’ room', async () => {
    installFakeApi({ 'GET /api/races/5/incidents': { status: 200, body: [] } });
    const socket = renderIncidents();
    expect(await screen.findByText('No incidents reported')).toBeInTheDocument();
    expect(socket.emitted).toContainEqual({ name: 'subscribe', payload: { room: 'flag:isSteward' } });

    await push(socket, CONTACT);
    await push(socket, CONTACT);
    await push(socket, { ...CONTACT, id: 'other-race', raceId: 6, lap: 11 });

    const rows = within(await screen.findByRole('table', { name: 'Incidents' })).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('3');
    expect(rows[1]).toHaveTextContent('12:34.3');
    expect(rows[1]).toHaveTextContent('#9 Lou, #88 Guest Driver, #3 Ali');
    expect(rows[1]).toHaveTextContent('Contact between cars at 42 km/h');
    expect(screen.queryByText('No incidents reported')).not.toBeInTheDocument();
  });

  it('lists the incidents already reported, oldest first', async () => {
    installFakeApi({
      'GET /api/races/5/incidents': {
        status: 200,
        body: [{ ...CONTACT, id: 'acc-0', kind: 'ACCIDENT', lap: 1, elapsedMs: 61_000, cars: [CONTACT.cars[0]!], speedKmh: null }],
      },
    });
    const socket = renderIncidents();
    await screen.findByRole('table', { name: 'Incidents' });
    await push(socket, CONTACT);
    const rows = within(screen.getByRole('table', { name: 'Incidents' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.any(String), expect.stringContaining('Accident'), expect.stringContaining('Contact between cars')]);
  });

  it('opens the filing form pre-filled from the incident, and files what it shows', async () => {
    const fake = installFakeApi({
      'GET /api/races/5/incidents': { status: 200, body: [CONTACT] },
      'POST /api/tickets': { status: 201, body: { id: 77 } },
    });
    renderIncidents();
    await userEvent.click(await screen.findByRole('button', { name: 'Open a ticket on the incident at 12:34.3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report an incident' });
    expect(within(dialog).getByRole('checkbox', { name: '#9 Lou' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: '#3 Ali' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: /Guest Driver/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Lap' })).toHaveValue('3');
    expect(within(dialog).getByRole('textbox', { name: 'Time in race' })).toHaveValue('12:34.3');
    expect(within(dialog).getByRole('textbox', { name: 'What happened' })).toHaveValue(
      'Contact between cars involving #9 Lou, #88 Guest Driver, #3 Ali at 42 km/h, reported by the live timing.',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'File ticket' }));
    expect(await screen.findByRole('link', { name: 'Ticket #77' })).toHaveAttribute('href', '/steward/tickets/77');
    expect(JSON.parse(String(fake.requests.find((request) => request.key === 'POST /api/tickets')?.init?.body))).toEqual({
      raceId: 5,
      accusedProfileIds: [43, 44],
      lap: 3,
      raceTime: '12:34.3',
      videoTimestamp: null,
      corner: null,
      description: 'Contact between cars involving #9 Lou, #88 Guest Driver, #3 Ali at 42 km/h, reported by the live timing.',
      evidence: [],
    });
  });
});

describe('the filing form from an incident', () => {
  it('leaves the filer out of the drivers named, and a lap 0 or unknown empty', () => {
    // testUser's profile is 42.
    const form = incidentTicketForm({ ...CONTACT, lap: 0, cars: [...CONTACT.cars, { carId: 4, driverName: 'Speedy', profileId: 42, raceNumber: 7 }] }, 42);
    expect(form.accusedProfileIds).toEqual([43, 44]);
    expect(form.lap).toBe('');
    expect(incidentTicketForm({ ...CONTACT, lap: null }, null).lap).toBe('');
  });

  it('writes the time in the session as the form takes it', () => {
    expect(raceTimeText(0)).toBe('0:00.0');
    expect(raceTimeText(59_999)).toBe('0:59.9');
    expect(raceTimeText(3_723_456)).toBe('1:02:03.4');
  });
});
