import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { LiveStandingsMessage } from '@paddock/contracts/timing.js';
import type { FakeSocket } from '../../../testing/fakeSocket.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { renderLive, roomRequests } from '../testing/renderLive.js';
import { liveTiming } from '../testing/timingFixture.js';
import { LIVE_STANDINGS, useLiveTiming } from './liveTiming.js';
import { ProjectedStandings } from './ProjectedStandings.js';

/** The page's tower holds the race's feed open; the standings show what it hears. */
function Panel() {
  useLiveTiming(7);
  return <ProjectedStandings raceId={7} />;
}

const row = (id: number, name: string, position: number, currentPosition: number | null, points: number, projectedPoints: number) => ({
  position,
  currentPosition,
  profile: { id, driverName: name, driverNumber: null },
  points,
  projectedPoints,
});

const standings = (version: number, rows: LiveStandingsMessage['rows'], seasonId: number | null = 3): LiveStandingsMessage => ({ raceId: 7, seasonId, version, rows });

async function push(socket: FakeSocket, message: LiveStandingsMessage): Promise<void> {
  await act(async () => {
    socket.push(LIVE_STANDINGS, message);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const shownRows = () =>
  within(screen.getByRole('region', { name: 'Projected standings' }))
    .getAllByRole('row')
    .slice(1)
    .map((tableRow) => tableRow.textContent);

let cleanUp: () => void = () => undefined;
afterEach(() => cleanUp());

describe('ProjectedStandings', () => {
  it('says there is no projection until the race room sends one, then moves with each one, arrows said in words', async () => {
    installFakeApi({ 'GET /api/races/7/timing': { status: 200, body: liveTiming() } });
    const view = renderLive(<Panel />, { path: '/live', pattern: '/live' });
    cleanUp = view.cleanUp;
    expect(screen.getByText('No projection yet')).toBeInTheDocument();
    await waitFor(() => expect(roomRequests(view.socket)).toEqual(['subscribe live:7']));
    await push(view.socket, standings(10, [row(1, 'Ana Sousa', 1, 2, 18, 43), row(2, 'Jon Berg', 2, 1, 25, 40), row(3, 'Mia Kuhn', 3, null, 0, 15)]));
    expect(shownRows()).toEqual(['1▲ 1up 1 place from P2Ana Sousa1843 (+25)', '2▼ 1down 1 place from P1Jon Berg2540 (+15)', '3newMia Kuhn015 (+15)']);
    expect(screen.getByRole('link', { name: 'Ana Sousa' })).toHaveAttribute('href', '/grid/driver/1');
    // A later one moves the rows; an older one arriving late is ignored.
    await push(view.socket, standings(12, [row(2, 'Jon Berg', 1, 1, 25, 50), row(1, 'Ana Sousa', 2, 2, 18, 36), row(3, 'Mia Kuhn', 3, null, 0, 15)]));
    await push(view.socket, standings(11, [row(1, 'Ana Sousa', 1, 2, 18, 43)]));
    expect(shownRows()).toEqual(['1–no changeJon Berg2550 (+25)', '2–no changeAna Sousa1836 (+18)', '3newMia Kuhn015 (+15)']);
  });

  it('says so when the race is of no season, or nobody would have points', async () => {
    installFakeApi({ 'GET /api/races/7/timing': { status: 200, body: liveTiming() } });
    const view = renderLive(<Panel />, { path: '/live', pattern: '/live' });
    cleanUp = view.cleanUp;
    await waitFor(() => expect(roomRequests(view.socket)).toEqual(['subscribe live:7']));
    await push(view.socket, standings(10, [], null));
    expect(screen.getByText('No season standings for this race')).toBeInTheDocument();
    await push(view.socket, standings(11, []));
    expect(screen.getByText('No standings yet')).toBeInTheDocument();
  });
});
