import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, webcrypto } from 'node:crypto';
import { onApiError } from './api/client.js';
import type { ApiErrorNotice } from './api/errorBody.js';
import { GraphqlError, request } from './graphql.js';

/** Answers every fetch with this status and JSON body, recording the calls. */
function answerWith(status: number, body: unknown) {
  const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => ({
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/graphql-response+json; charset=utf-8' }),
    text: () => Promise.resolve(JSON.stringify(body)),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('graphql client', () => {
  const notices: ApiErrorNotice[] = [];
  const stop = onApiError((notice) => notices.push(notice));
  afterEach(() => {
    notices.length = 0;
  });
  afterAll(stop);

  it('without Web Crypto (an insecure origin), posts the query and its variables as JSON to /api/graphql and answers the data', async () => {
    const fetchMock = answerWith(200, { data: { plannedEvents: { totalElements: 3 } } });
    const data = await request<{ plannedEvents: { totalElements: number } }, { gameId: number }>(
      'query Next($gameId: Int) { plannedEvents(gameId: $gameId) { totalElements } }',
      {
        gameId: 7,
      },
    );
    expect(data).toEqual({ plannedEvents: { totalElements: 3 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://localhost/api/graphql');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ query: expect.stringContaining('plannedEvents'), variables: { gameId: 7 } });
    expect(new Headers(init?.headers).get('content-type')).toContain('application/json');
    expect(notices).toEqual([]);
  });

  it('rejects a field error with its message and code, and opens the Error dialog', async () => {
    answerWith(200, { data: { season: null }, errors: [{ message: 'Season 9 not found', path: ['season'], extensions: { code: 'NOT_FOUND' } }] });
    const failed = request('{ season(id: 9) { id } }');
    await expect(failed).rejects.toBeInstanceOf(GraphqlError);
    await expect(failed).rejects.toMatchObject({ status: 200, message: 'Season 9 not found', code: 'NOT_FOUND' });
    expect(notices).toEqual([{ message: 'Season 9 not found', time: expect.any(String), url: '/api/graphql' }]);
  });

  it('rejects a refused query (400) the same way, and stays quiet when told', async () => {
    answerWith(400, { errors: [{ message: 'The query costs 12001, over the limit of 10000', extensions: { code: 'QUERY_TOO_COSTLY' } }] });
    await expect(request('{ plannedEvents(pageSize: 1000) { totalElements } }', undefined, { silent: true })).rejects.toMatchObject({
      status: 400,
      code: 'QUERY_TOO_COSTLY',
    });
    expect(notices).toEqual([]);
  });

  describe('with Web Crypto: persisted queries sent as GET', () => {
    const DOCUMENT = 'query Standings($seasonId: Int!) { standings(seasonId: $seasonId) { seasonId } }';
    const HASH = createHash('sha256').update(DOCUMENT).digest('hex');
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    beforeAll(() => {
      Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    });
    afterAll(() => {
      Object.defineProperty(globalThis, 'crypto', original!);
    });

    /** Answers each fetch with the next of `bodies` (status 200), recording the calls. */
    function answerInTurn(...bodies: unknown[]) {
      const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
        const text = JSON.stringify(bodies.shift());
        const response = { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: () => Promise.resolve(text) };
        return { ...response, clone: () => response };
      });
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      return fetchMock;
    }

    it('GETs the operation by its SHA-256, with the operation name and variables, in one fixed order', async () => {
      const fetchMock = answerInTurn({ data: { standings: { seasonId: 3 } } });
      await expect(request(DOCUMENT, { seasonId: 3 })).resolves.toEqual({ standings: { seasonId: 3 } });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(init?.method).toBe('GET');
      expect(new Headers(init?.headers).get('apollo-require-preflight')).toBe('true');
      const sent = new URL(String(url));
      expect(sent.pathname).toBe('/api/graphql');
      expect([...sent.searchParams.keys()]).toEqual(['operationName', 'variables', 'extensions']);
      expect(sent.searchParams.get('operationName')).toBe('Standings');
      expect(JSON.parse(sent.searchParams.get('variables')!)).toEqual({ seasonId: 3 });
      expect(JSON.parse(sent.searchParams.get('extensions')!)).toEqual({ persistedQuery: { version: 1, sha256Hash: HASH } });
      expect(sent.searchParams.has('query')).toBe(false);
    });

    it('registers a document the server does not know by POSTing it with its hash, once, and answers that data', async () => {
      const fetchMock = answerInTurn(
        { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] },
        { data: { standings: { seasonId: 4 } } },
      );
      await expect(request(DOCUMENT, { seasonId: 4 })).resolves.toEqual({ standings: { seasonId: 4 } });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const [url, init] = fetchMock.mock.calls[1]!;
      expect(String(url)).toBe('http://localhost/api/graphql');
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toEqual({
        query: DOCUMENT,
        variables: { seasonId: 4 },
        operationName: 'Standings',
        extensions: { persistedQuery: { version: 1, sha256Hash: HASH } },
      });
      expect(notices).toEqual([]);
    });

    it('does not take a driver named like the error code for the error', async () => {
      const fetchMock = answerInTurn({ data: { standings: { seasonId: 5, name: 'PERSISTED_QUERY_NOT_FOUND' } } });
      await expect(request(DOCUMENT, { seasonId: 5 })).resolves.toEqual({ standings: { seasonId: 5, name: 'PERSISTED_QUERY_NOT_FOUND' } });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});
