import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { detailsFixture, eventFixture } from '../../features/events/testing/eventFixture.js';
import { createQueryClient } from '../../lib/query/queryClient.js';
import { installFakeApi, TEST_CONFIG, UNAUTHORIZED } from '../../testing/fakeApi.js';
import { App } from '../App.js';
import { preloadPageAt } from './pages.js';

const page = (content: unknown[]) => ({ status: 200, body: { content, totalElements: content.length, totalPages: 1, number: 0, size: 25 } });

/** The API calls of a visit that opens on `path`, booted as main.tsx does (`preload`: the screen and its first reads asked for before the first render) or not. */
async function visit(path: string, heading: string | RegExp, preload: boolean) {
  window.history.replaceState(null, '', path);
  const fake = installFakeApi({
    'GET /api/config': { status: 200, body: TEST_CONFIG },
    'GET /api/users/me': UNAUTHORIZED,
    'POST /api/config': { status: 204 },
    'GET /api/events/planned': page([eventFixture({ id: 7 })]),
    'GET /api/events/youtube/latest': { status: 200, body: [] },
    'GET /api/events/7': { status: 200, body: detailsFixture({ id: 7, name: 'Friday Night GT3' }) },
    'GET /api/games': { status: 200, body: [] },
    'GET /api/headlines': { status: 200, body: [] },
    'GET /api/maintenance': { status: 200, body: { enabled: false } },
    'GET /api/live': { status: 200, body: { event: null, stream: null } },
  });
  const queryClient = createQueryClient();
  if (preload) preloadPageAt(path, queryClient);
  const { unmount } = render(<App store={createStore()} queryClient={queryClient} />);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  // Until no call has been added for a while: the page and the shell have asked for all they show.
  for (let seen = -1; seen !== fake.calls.length;) {
    seen = fake.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  unmount();
  return fake.calls.filter((call) => call.startsWith('GET ')).sort();
}

/** Booted with its first reads, the visit asks for exactly what it asks for without them: nothing more, nothing twice. */
async function expectSameCalls(path: string, heading: string | RegExp, firstRead: string) {
  const preloaded = await visit(path, heading, true);
  const plain = await visit(path, heading, false);
  expect(preloaded).toContain(firstRead);
  expect(preloaded).toEqual(plain);
  expect(new Set(preloaded).size).toBe(preloaded.length);
}

describe('the first reads of a landing page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('are what Home asks for', () => expectSameCalls('/', 'Test League', 'GET /api/events/planned?pageNumber=0&pageSize=10'));

  it('are what Event-List asks for', () => expectSameCalls('/events', 'All events', 'GET /api/events/planned?pageNumber=0&pageSize=25'));

  it('are what Event-details asks for', () => expectSameCalls('/events/7', 'Friday Night GT3', 'GET /api/events/7'));
});
