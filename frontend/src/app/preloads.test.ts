import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { installFakeApi, TEST_CONFIG, UNAUTHORIZED } from '../testing/fakeApi.js';
import { prefetchShellData } from './shell/shellData.js';
import { startUp } from './startUp.js';

/** The `<link rel="preload">` requests of index.html, as `GET <path>`. */
function preloadedInHtml(): string[] {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials" \/>/g)].map(([, href]) => `GET ${href!.replaceAll('&amp;', '&')}`);
}

describe('index.html preloads', () => {
  // A preload the app never asks for is a wasted download; one that differs by a character is fetched twice.
  it("are exactly start-up's first call and the reads of the shell around every page", async () => {
    const fake = installFakeApi({
      'GET /api/config': { status: 200, body: TEST_CONFIG },
      'GET /api/users/me': UNAUTHORIZED,
      'POST /api/config': { status: 204 },
      'GET /api/headlines': { status: 200, body: [] },
      'GET /api/maintenance': { status: 200, body: { enabled: false } },
      'GET /api/live': { status: 200, body: { live: false } },
      'GET /api/events/planned': { status: 200, body: { content: [], totalElements: 0 } },
    });
    const startingUp = startUp(createStore());
    const [firstOfStartUp] = fake.calls;
    prefetchShellData(new QueryClient());
    const shellReads = fake.calls.filter((call) => call !== firstOfStartUp);
    await startingUp;

    expect(preloadedInHtml().sort()).toEqual([firstOfStartUp, ...shellReads].sort());
  });
});
