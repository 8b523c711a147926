import { jest } from '@jest/globals';
import type { CurrentUserDto, SiteConfig } from '@paddock/contracts/api.js';
import type { Role } from '@paddock/contracts/roles.js';

/** A canned answer: a status and a JSON body (omit the body for an empty one). */
export interface FakeReply {
  status: number;
  body?: unknown;
}

type Handler = FakeReply | ((init: RequestInit | undefined) => FakeReply | Promise<FakeReply>);

export interface FakeApi {
  /** Every call seen, as "METHOD /path?query". */
  calls: string[];
  requests: { key: string; init: RequestInit | undefined }[];
}

function fakeResponse(url: string, reply: FakeReply): Response {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  return {
    ok: reply.status >= 200 && reply.status < 300,
    status: reply.status,
    url: `http://localhost${url}`,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: () => Promise.resolve(text),
  } as Response;
}

/** Replaces fetch with a table of "METHOD /api/path" → reply. Unknown calls answer 404 in the API's error shape. */
export function installFakeApi(routes: Record<string, Handler>): FakeApi {
  const api: FakeApi = { calls: [], requests: [] };
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The GraphQL client calls the absolute URL on this page's origin; routes name the path.
    const url = String(input).replace(/^http:\/\/localhost(?=\/)/, '');
    const key = `${init?.method ?? 'GET'} ${url}`;
    api.calls.push(key);
    api.requests.push({ key, init });
    const handler = routes[key] ?? routes[key.split('?')[0]!];
    const reply = typeof handler === 'function' ? await handler(init) : handler;
    return fakeResponse(url, reply ?? { status: 404, body: { timestamp: '2025-01-01T00:00:00Z', status: 404, message: 'Not found', path: url } });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return api;
}

/** A GraphQL answer: its `data`, and `errors` when a field failed. */
export interface FakeGraphqlAnswer {
  data?: unknown;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[];
}

type GraphqlHandler = FakeGraphqlAnswer | ((variables: Record<string, unknown>) => FakeGraphqlAnswer | Promise<FakeGraphqlAnswer>);

/** The operation name of a GraphQL request the fake saw (`query Name(…)`), or null for another call. */
export function graphqlOperation(init: RequestInit | undefined): string | null {
  if (typeof init?.body !== 'string') return null;
  const { query } = JSON.parse(init.body) as { query?: string };
  return /^\s*query\s+(\w+)/.exec(query ?? '')?.[1] ?? null;
}

/**
 * A route for installFakeApi answering `POST /api/graphql` by operation name (each handler gets the
 * variables); an operation without a handler is refused with 400, as the API refuses a bad query.
 */
export function graphqlRoutes(operations: Record<string, GraphqlHandler>): Record<string, Handler> {
  return {
    'POST /api/graphql': async (init) => {
      const name = graphqlOperation(init);
      const handler = name === null ? undefined : operations[name];
      if (!handler) return { status: 400, body: { errors: [{ message: `No fake answer for operation ${name ?? '(anonymous)'}`, extensions: { code: 'BAD_REQUEST' } }] } };
      const { variables = {} } = JSON.parse(String(init?.body)) as { variables?: Record<string, unknown> };
      return { status: 200, body: typeof handler === 'function' ? await handler(variables) : handler };
    },
  };
}

/** The GraphQL operations a fake saw, in order, with their variables. */
export function graphqlCalls(api: FakeApi): { operation: string; variables: Record<string, unknown> }[] {
  return api.requests.flatMap(({ key, init }) => {
    const operation = key.startsWith('POST ') && key.endsWith('/api/graphql') ? graphqlOperation(init) : null;
    if (operation === null) return [];
    const { variables = {} } = JSON.parse(String(init?.body)) as { variables?: Record<string, unknown> };
    return [{ operation, variables }];
  });
}

export const TEST_CONFIG: SiteConfig = {
  leagueName: 'Test League',
  discord: { authUrl: '/api/auth/discord', joinUrl: 'https://discord.example/invite', avatarUrl: 'https://cdn.example' },
  social: { group: 'https://social.example/group', shortVideo: 'https://short.example', video: 'https://video.example', liveStream: 'https://live.example' },
};

export function testUser(overrides: { roles?: Role[]; profileCompleted?: boolean; name?: string | null; globalName?: string | null } = {}): CurrentUserDto {
  return {
    id: 1,
    discordId: '123456789012345678',
    username: 'racer',
    globalName: overrides.globalName === undefined ? 'Racer Global' : overrides.globalName,
    nickName: null,
    avatar: 'abc',
    banner: null,
    driverProfile: {
      id: 42,
      driverNumber: 7,
      name: overrides.name === undefined ? 'Speedy' : overrides.name,
      xboxUsername: null,
      steamUsername: null,
      steamId: null,
      psnName: null,
      alternativeName: null,
      profileCompleted: overrides.profileCompleted ?? true,
    },
    roles: (overrides.roles ?? []).map((role) => ({ role })),
    teams: [],
  };
}

export const UNAUTHORIZED: FakeReply = { status: 401, body: { timestamp: '2025-01-01T00:00:00Z', status: 401, message: 'Unauthorized', path: '/api/users/me' } };
