import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import type { RivalBeatenMessage } from '@paddock/contracts/rivals.js';
import { appStore } from '../../lib/store.js';
import type { FakeApi } from '../../testing/fakeApi.js';
import { bridgedCache, flush, show, stopLiveCaches } from '../../testing/liveCache.js';
import { rivalsQueries } from './api.js';
import { rivalBeatenAtom } from './atoms.js';
import { RivalBeatenSlot } from './RivalBeatenSlot.js';

const ok = (body: unknown) => ({ status: 200, body });
const board = (trackId: number) =>
  ok({
    content: [],
    totalElements: 0,
    totalPages: 0,
    pageNumber: 0,
    pageSize: 25,
    game: { id: 1, name: 'G', icon: null },
    track: { id: trackId, trackName: 'T', name: 'GP' },
    platform: null,
    leaderMs: null,
  });

afterEach(() => {
  stopLiveCaches();
  appStore.set(rivalBeatenAtom, []);
});

function setUp(): ReturnType<typeof bridgedCache> {
  return bridgedCache({
    'GET /api/rivals/track/7': () => board(7),
    'GET /api/rivals/track/8': () => board(8),
    'GET /api/rivals/top/7': () =>
      ok({ results: { PC: [], XBOX: [], PLAYSTATION: [] }, game: { id: 1, name: 'G', icon: null }, track: { id: 7, trackName: 'T', name: 'GP' } }),
    'GET /api/rivals/schedule/live': () => ok([]),
  });
}

const GETS = (fake: FakeApi) => fake.calls.filter((call) => call.startsWith('GET')).sort();

describe('rivals pushes', () => {
  it('refetches the shown boards and top three of the changed track only', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, rivalsQueries.board(7, 'ALL', 0));
    await show(queryClient, rivalsQueries.board(8, 'PC', 0));
    await show(queryClient, rivalsQueries.top(7));
    fake.calls.length = 0;
    socket.push('rivals.time.changed', { trackId: 7, gameId: 1, platform: 'PC', profileId: 3, status: 'PROVISIONAL' });
    await flush();
    expect(GETS(fake)).toEqual(['GET /api/rivals/top/7', 'GET /api/rivals/track/7?pageNumber=0&pageSize=25']);
  });

  it('refetches the schedule table when servers rotate', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, rivalsQueries.scheduleLive());
    fake.calls.length = 0;
    socket.push('rivals.schedule.changed', { serverIds: [1] });
    await flush();
    expect(GETS(fake)).toEqual(['GET /api/rivals/schedule/live']);
  });

  it('shows "a rival beat you" in the header until dismissed with the keyboard', async () => {
    const { socket } = setUp();
    const message: RivalBeatenMessage = {
      rival: { id: 9, name: '[ 9 ] - Quick' },
      track: { id: 7, trackName: 'Spa', name: 'GP' },
      platform: 'XBOX',
      gameId: 3,
      rivalTimeAsText: '2:17.001',
      yourTimeAsText: '2:17.400',
    };
    render(
      <Provider store={appStore}>
        <MemoryRouter>
          <RivalBeatenSlot />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => socket.push('rivals.beaten', message));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Your rival [ 9 ] - Quick beat you on Spa · GP (Xbox): 2:17.001 against your 2:17.400.');
    // The board of that game, platform and track.
    expect(within(notice).getByRole('link', { name: 'Spa · GP' })).toHaveAttribute('href', '/rivals/xbox/3/7');
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
