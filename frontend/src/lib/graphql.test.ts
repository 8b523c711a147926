import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
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

  it('posts the query and its variables as JSON to /api/graphql and answers the data', async () => {
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
});
