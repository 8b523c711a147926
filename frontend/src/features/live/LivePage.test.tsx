import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import type { LiveTiming } from '@paddock/contracts/timing.js';
import { detailsFixture } from '../events/testing/eventFixture.js';
import { installFakeApi, type FakeReply } from '../../testing/fakeApi.js';
import LivePage from './LivePage.js';
import { pushFrame, renderLive, roomRequests } from './testing/renderLive.js';
import { carChange, deltaFrame, liveCar, liveTiming, snapshotFrame } from './testing/timingFixture.js';

const originalMatchMedia = window.matchMedia;
const NOT_FOUND: FakeReply = { status: 404, body: { timestamp: '2025-01-01T00:00:00Z', status: 404, message: 'No live timing', path: '/api/races/7/timing' } };

/** The browser is this wide: a phone (narrow) or a desktop (wide). */
function screenIs(width: 'phone' | 'desktop') {
  window.matchMedia = (query: string) =>
    ({ matches: width === 'desktop', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;
}

/** The live event has one race (id 7) whose timing the API answers with `timing` (a 404 when null). */
function renderLivePage(timing: LiveTiming | null | (() => Promise<FakeReply>)) {
  const event = detailsFixture({
    id: 3,
    name: 'GT3 Sprint',
    live: true,
    raceEvents: [
      { id: 5, track: null, externalTrackName: 'Monza', qualifyEnabled: false, qualify: null, races: [{ id: 7, raceEventType: 'RACE', track: null, laps: null, length: 30 }] },
    ],
  });
  const fake = installFakeApi({
    'GET /api/live': { status: 200, body: { event, stream: { provider: 'YOUTUBE', id: 'abc', url: 'https://youtu.be/abc' } } },
    'GET /api/races/7/timing': typeof timing === 'function' ? timing : timing ? { status: 200, body: timing } : NOT_FOUND,
  });
  return { fake, ...renderLive(<LivePage />, { path: '/live', pattern: '/live' }) };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const driversInOrder = (table: HTMLElement) => rowsOf(table).map((row) => within(row).getByRole('rowheader').textContent);

let cleanUp: () => void = () => undefined;
beforeEach(() => screenIs('phone'));
afterEach(() => {
  cleanUp();
  window.matchMedia = originalMatchMedia;
});

describe('the timing tower on /live', () => {
  it('shows every car: position, number, driver (a profile link or the guest’s name), laps, gap, interval, last, best, pit, car', async () => {
    ({ cleanUp } = renderLivePage(liveTiming()));
    const table = await screen.findByRole('table', { name: 'Live timing: Monza, Race' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['PosPosition', 'No.Car number', 'Driver', 'Laps', 'Gap', 'Int.Interval', 'Last', 'Best', 'PitPit or out lap', 'Car']);
    const [leader, second, lapped] = rowsOf(table);
    expect(within(leader!).getByRole('link', { name: 'Ada Leader' })).toHaveAttribute('href', '/grid/driver/42');
    expect(
      within(leader!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '7', '5', 'Leader', '—', '1:40.321PB (personal best)', '1:40.100', 'On track', 'Porsche 911 GT3 R']);
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('Ben Second');
    // The session's best lap is marked in words too, not by colour alone.
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '22', '5', '+1.234', '+1.234', '1:41.234', '1:39.876FL (fastest lap of the session)', 'On track', 'Porsche 911 GT3 R']);
    expect(
      within(lapped!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '33', '4', '+1 lap', '+35.000', '1:41.234', '1:40.500', 'In pit', 'Porsche 911 GT3 R']);
    expect(screen.getByText('Green flag')).toBeInTheDocument();
    expect(screen.getByText('Race · 17:26 left')).toBeInTheDocument();
    expect(screen.getByText('12:34')).toHaveAttribute('datetime', 'PT754S');
  });

  it('announces politely in one place, never per cell', async () => {
    ({ cleanUp } = renderLivePage(liveTiming()));
    const table = await screen.findByRole('table');
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Green flag. Leader: Ada Leader');
    expect(table.closest('[aria-live]')).toBeNull();
    expect(table.querySelector('[aria-live]')).toBeNull();
  });

  it('on a phone shows the tower first and folds the stream away behind a disclosure', async () => {
    ({ cleanUp } = renderLivePage(liveTiming()));
    const table = await screen.findByRole('table');
    const fold = screen.getByText('Watch the stream').closest('details')!;
    expect(fold).not.toHaveAttribute('open');
    expect(within(fold).getByTitle('Live stream of GT3 Sprint')).toBeInTheDocument();
    expect(table.compareDocumentPosition(fold) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('on a desktop shows the stream and the tower side by side, nothing folded', async () => {
    screenIs('desktop');
    ({ cleanUp } = renderLivePage(liveTiming()));
    await screen.findByRole('table');
    expect(screen.queryByText('Watch the stream')).toBeNull();
    expect(screen.getByTitle('Live stream of GT3 Sprint').closest('details')).toBeNull();
  });

  it('says so when the race has no live timing, and shows a loader while asking', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    ({ cleanUp } = renderLivePage(() => new Promise<FakeReply>((resolve) => (answer = resolve))));
    expect(await screen.findByRole('progressbar', { name: 'Loading live timing' })).toBeInTheDocument();
    await act(async () => answer(NOT_FOUND));
    expect(await screen.findByText('No live timing yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('joins room live:<race> and moves with the frames pushed there; a frame not newer than the one shown is ignored', async () => {
    const { socket, cleanUp: stop } = renderLivePage(liveTiming());
    cleanUp = stop;
    const table = await screen.findByRole('table');
    expect(roomRequests(socket)).toEqual(['subscribe live:7']);
    await pushFrame(
      socket,
      deltaFrame({
        baseVersion: 10,
        version: 11,
        cars: [carChange(2, { position: 1, gapMs: null, intervalMs: null }), carChange(1, { position: 2, gapMs: 300, intervalMs: 300 })],
        order: [2, 1, 3],
      }),
    );
    expect(driversInOrder(table)).toEqual(['Ben Second', 'Ada Leader', 'Cleo Guest']);
    expect(screen.getByRole('status')).toHaveTextContent('Leader: Ben Second');
    // Late: built before what is shown.
    await pushFrame(socket, deltaFrame({ baseVersion: 9, version: 10, cars: [], order: [1, 2, 3] }));
    await pushFrame(socket, snapshotFrame(liveTiming({ version: 11 })));
    expect(driversInOrder(table)).toEqual(['Ben Second', 'Ada Leader', 'Cleo Guest']);
    // Another race's frames are not this tower's.
    await pushFrame(socket, deltaFrame({ raceId: 8, baseVersion: 11, version: 12, cars: [], order: [3] }));
    expect(driversInOrder(table)).toEqual(['Ben Second', 'Ada Leader', 'Cleo Guest']);
  });

  it('on a gap re-joins the room once for a snapshot, and shows that snapshot', async () => {
    const { socket, cleanUp: stop } = renderLivePage(liveTiming());
    cleanUp = stop;
    const table = await screen.findByRole('table');
    await pushFrame(socket, deltaFrame({ baseVersion: 12, version: 13, cars: [carChange(1, { laps: 40 })] }));
    await pushFrame(socket, deltaFrame({ baseVersion: 13, version: 14, cars: [] }));
    expect(roomRequests(socket)).toEqual(['subscribe live:7', 'unsubscribe live:7', 'subscribe live:7']);
    expect(within(rowsOf(table)[0]!).getAllByRole('cell')[2]).toHaveTextContent('5');
    await pushFrame(socket, snapshotFrame(liveTiming({ version: 14, cars: [liveCar({ carId: 3, position: 1, driverName: 'Cleo Guest' })] })));
    expect(driversInOrder(table)).toEqual(['Cleo Guest']);
  });

  it('after the connection drops and comes back, re-joins and takes the snapshot the server sends', async () => {
    const { socket, cleanUp: stop } = renderLivePage(liveTiming());
    cleanUp = stop;
    const table = await screen.findByRole('table');
    socket.drop();
    act(() => socket.serverAccepts());
    expect(roomRequests(socket)).toEqual(['subscribe live:7', 'subscribe live:7']);
    await pushFrame(socket, snapshotFrame(liveTiming({ version: 30, session: { ...liveTiming().session, flag: 'RED' } })));
    expect(screen.getByText('Red flag')).toBeInTheDocument();
    expect(driversInOrder(table)).toHaveLength(3);
  });
});
