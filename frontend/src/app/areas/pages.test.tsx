import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { detailsFixture, eventFixture } from '../../features/events/testing/eventFixture.js';
import { ROOKIE } from '../../features/profiles/testing/profileFixture.js';
import { internalFixture, ticketFixture } from '../../features/stewarding/testing/ticketFixture.js';
import { createQueryClient } from '../../lib/query/queryClient.js';
import { installFakeApi, TEST_CONFIG, testUser, UNAUTHORIZED, type FakeReply } from '../../testing/fakeApi.js';
import { App } from '../App.js';
import { preloadPageAt } from './pages.js';

const page = (content: unknown[]) => ({ status: 200, body: { content, totalElements: content.length, totalPages: 1, number: 0, size: 25 } });

/** The API calls of a visit that opens on `path`, booted as main.tsx does (`preload`: the screen and its first reads asked for before the first render) or not. */
async function visit(path: string, heading: string | RegExp, preload: boolean, signedIn: Record<string, FakeReply> = {}, sections: string[] = []) {
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
    ...signedIn,
  });
  const queryClient = createQueryClient();
  const store = createStore();
  if (preload) preloadPageAt(path, queryClient, store);
  const { unmount } = render(<App store={store} queryClient={queryClient} />);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  for (const section of sections) expect(await screen.findByRole('heading', { level: 2, name: section })).toBeInTheDocument();
  // Until no call has been added for a while: the page and the shell have asked for all they show.
  for (let seen = -1; seen !== fake.calls.length;) {
    seen = fake.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  unmount();
  return fake.calls.filter((call) => call.startsWith('GET ')).sort();
}

/** Booted with its first reads, the visit asks for exactly what it asks for without them: nothing more, nothing twice. */
async function expectSameCalls(path: string, heading: string | RegExp, firstRead: string, signedIn: Record<string, FakeReply> = {}, sections: string[] = []) {
  const preloaded = await visit(path, heading, true, signedIn, sections);
  const plain = await visit(path, heading, false, signedIn, sections);
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

/** What a signed-in visit's shell and start-up read: the user, the bell. */
const signedInAs = (user: ReturnType<typeof testUser>) => ({
  'GET /api/users/me': { status: 200, body: user },
  'GET /api/notifications/unread': { status: 200, body: { count: 0 } },
});

describe('the first reads of a signed-in page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('are what the driver’s Profile and its sections ask for, each once', () =>
    expectSameCalls(
      '/profile',
      'My profile',
      'GET /api/profile/42/licence',
      {
        ...signedInAs(testUser()),
        'GET /api/profile': {
          status: 200,
          body: { ...ROOKIE, id: 42, driverNumber: 31, xboxUsername: 'RemyRookie', platforms: ['XBOX'], profileCompleted: true, missing: [] },
        },
        'GET /api/profile/takenDriverNumbers': { status: 200, body: [] },
        'GET /api/teams/invites': { status: 200, body: [] },
        'GET /api/tickets/mine': page([]),
        'GET /api/profile/42/licence': { status: 200, body: { profileId: 42, activePoints: 0, banThreshold: 12, entries: [], bans: [] } },
        'GET /api/bidding/mine': { status: 200, body: [] },
        'GET /api/calendar/me': { status: 200, body: { token: null } },
        'GET /api/notifications/settings': { status: 200, body: [] },
        'GET /api/push/devices': { status: 200, body: [] },
      },
      ['My tickets & licence points', 'Bidding for race numbers', 'My races calendar', 'What you are notified of', 'Push notifications'],
    ));

  it('are what a steward’s Ticket asks for', () =>
    expectSameCalls('/steward/tickets/5', 'Ticket #5', 'GET /api/tickets/5', {
      ...signedInAs(testUser({ roles: ['STEWARD'] })),
      'GET /api/tickets/5': { status: 200, body: ticketFixture({ id: 5, internal: internalFixture() }) },
    }));
});
