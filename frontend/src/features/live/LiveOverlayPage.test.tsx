import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { App } from '../../app/App.js';
import { createQueryClient } from '../../lib/query/queryClient.js';
import { installFakeApi, TEST_CONFIG, UNAUTHORIZED } from '../../testing/fakeApi.js';
import LiveOverlayPage from './LiveOverlayPage.js';
import { pushFrame, renderLive } from './testing/renderLive.js';
import { carChange, deltaFrame, liveCar, liveTiming } from './testing/timingFixture.js';

const PATTERN = '/live/overlay/:raceId';

let cleanUp: () => void = () => undefined;
afterEach(() => {
  cleanUp();
  cleanUp = () => undefined;
  window.history.replaceState(null, '', '/');
});

describe('the live timing overlay', () => {
  it('opens for a visitor as the page alone: no header, footer or skip link, a transparent background, sized by ?width=&rows=', async () => {
    window.history.replaceState(null, '', '/live/overlay/7?width=320&rows=2');
    installFakeApi({
      'GET /api/config': { status: 200, body: TEST_CONFIG },
      'GET /api/users/me': UNAUTHORIZED,
      'POST /api/config': { status: 204 },
      'GET /api/headlines': { status: 200, body: [] },
      'GET /api/maintenance': { status: 200, body: { enabled: false } },
      'GET /api/live': { status: 200, body: { event: null, stream: null } },
      'GET /api/races/7/timing': { status: 200, body: liveTiming() },
    });
    const { unmount } = render(<App store={createStore()} queryClient={createQueryClient()} />);
    cleanUp = unmount;
    const table = await screen.findByRole('table', { name: 'Live timing: Monza, Race' });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.queryByText('Skip to main content')).toBeNull();
    expect(document.documentElement.style.background).toBe('transparent');
    expect(document.body.style.background).toBe('transparent');
    expect(screen.getByTestId('live-overlay')).toHaveStyle({ width: '320px' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
    // Streaming software shows it on a stream: names without links.
    expect(within(table).queryByRole('link')).toBeNull();
  });

  it('gives the page its background back when it closes', async () => {
    installFakeApi({ 'GET /api/races/7/timing': { status: 200, body: liveTiming() } });
    const view = renderLive(<LiveOverlayPage />, { path: '/live/overlay/7', pattern: PATTERN });
    await screen.findByRole('table');
    expect(document.body.style.background).toBe('transparent');
    view.cleanUp();
    expect(document.body.style.background).toBe('');
    expect(document.documentElement.style.background).toBe('');
  });

  it('shows ten rows by default, and the laps just completed in a ticker, a fastest lap first', async () => {
    const many = liveTiming({ cars: Array.from({ length: 12 }, (_, index) => liveCar({ carId: index + 1, position: index + 1 })) });
    installFakeApi({ 'GET /api/races/7/timing': { status: 200, body: many } });
    const view = renderLive(<LiveOverlayPage />, { path: '/live/overlay/7', pattern: PATTERN });
    cleanUp = view.cleanUp;
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(screen.queryByRole('list', { name: 'Latest laps' })).toBeNull();
    await pushFrame(
      view.socket,
      deltaFrame({
        baseVersion: 10,
        version: 11,
        sessionBestLapMs: 99_111,
        sessionBestCarId: 2,
        cars: [carChange(1, { laps: 6, lastLapMs: 100_400 }), carChange(2, { laps: 6, lastLapMs: 99_111, lastLapPersonalBest: true })],
      }),
    );
    const ticker = screen.getByRole('list', { name: 'Latest laps' });
    expect(
      within(ticker)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fastest lap #21 Driver 2 1:39.111', 'Lap 6 #11 Driver 1 1:40.400']);
  });

  it('shows nothing on the stream while the race has no live timing', async () => {
    installFakeApi({});
    const view = renderLive(<LiveOverlayPage />, { path: '/live/overlay/9', pattern: PATTERN });
    cleanUp = view.cleanUp;
    expect(await screen.findByText('No live timing for this race')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
