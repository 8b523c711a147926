import { createHash } from 'node:crypto';
import { CURRENT_PAGE, SERIES_DOCUMENT, STANDINGS_DOCUMENT } from '../../frontend/src/features/competitions/documents.js';

/**
 * The public reads `bench:reads` measures: every domain adds its own here (standings, boards, profiles …).
 * `path` is called on the demo league; `signedIn` reads go with a demo driver's session cookie.
 */
export interface PublicRead {
  label: string;
  path: (ids: DemoIds) => string;
  signedIn?: boolean;
  /** A persisted GraphQL query: the bench registers this document (POST with its hash) before measuring `path`. */
  graphqlDocument?: string;
}

/** Ids the reads need, looked up on the running site before measuring. */
export interface DemoIds {
  plannedEventId: number;
  assessmentEventId: number;
  /** A current competition's current season. */
  seasonId: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The GET the client sends for a persisted query (see frontend/src/lib/graphql.ts): operation name, variables, the document's hash. */
export function persistedQueryPath(document: string, operationName: string, variables: Record<string, unknown>): string {
  const params = new URLSearchParams({
    operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(document) } }),
  });
  return `/api/graphql?${params}`;
}

export const PUBLIC_READS: PublicRead[] = [
  { label: 'config', path: () => '/api/config' },
  { label: 'headlines (every page)', path: () => '/api/headlines' },
  { label: 'games', path: () => '/api/games' },
  { label: 'events planned (header: size 1)', path: () => '/api/events/planned?pageNumber=0&pageSize=1' },
  { label: 'events planned (size 25)', path: () => '/api/events/planned?pageNumber=0&pageSize=25' },
  { label: 'events past (size 25)', path: () => '/api/events/past?pageNumber=0&pageSize=25' },
  { label: 'event details', path: ({ plannedEventId }) => `/api/events/${plannedEventId}` },
  { label: 'event drivers', path: ({ plannedEventId }) => `/api/events/${plannedEventId}/drivers` },
  { label: 'assessment details', path: ({ assessmentEventId }) => `/api/events/assessment/${assessmentEventId}` },
  { label: 'my next event (signed in)', path: () => '/api/events/mynext', signedIn: true },
  { label: 'events planned (header, signed in)', path: () => '/api/events/planned?pageNumber=0&pageSize=1', signedIn: true },
  { label: 'current user (signed in)', path: () => '/api/users/me', signedIn: true },
  { label: 'videos latest', path: () => '/api/events/youtube/latest' },
  { label: 'videos all (size 25)', path: () => '/api/events/youtube/all?pageNumber=0&pageSize=25' },
  { label: 'live', path: () => '/api/live' },
  { label: 'drivers grid (size 25)', path: () => '/api/profile/list?pageNumber=0&pageSize=25' },
  { label: 'crew (all)', path: () => '/api/profile/list?roles=all' },
  { label: 'teams (GridTeams)', path: () => '/api/teams' },
  { label: 'maintenance switch', path: () => '/api/maintenance' },
  { label: 'rivals schedule (Home)', path: () => '/api/rivals/schedule/live' },
  { label: 'safety-car decisions (size 25)', path: () => '/api/safety-car?pageNumber=0&pageSize=25' },
  { label: 'affiliates (Home)', path: () => '/api/affiliates' },
  { label: 'merchandise', path: () => '/api/merchandise' },
  { label: 'downloads', path: () => '/api/downloads' },
  { label: 'calendar: league feed', path: () => '/api/calendar/league.ics' },
  { label: 'calendar: event feed', path: ({ plannedEventId }) => `/api/calendar/events/${plannedEventId}.ics` },
  { label: 'GraphQL Series (persisted GET)', path: () => persistedQueryPath(SERIES_DOCUMENT, 'Series', { ...CURRENT_PAGE }), graphqlDocument: SERIES_DOCUMENT },
  {
    label: 'GraphQL Standings (persisted GET)',
    path: ({ seasonId }) => persistedQueryPath(STANDINGS_DOCUMENT, 'Standings', { seasonId }),
    graphqlDocument: STANDINGS_DOCUMENT,
  },
  {
    label: 'GraphQL Standings (persisted GET, signed in)',
    path: ({ seasonId }) => persistedQueryPath(STANDINGS_DOCUMENT, 'Standings', { seasonId }),
    graphqlDocument: STANDINGS_DOCUMENT,
    signedIn: true,
  },
];
