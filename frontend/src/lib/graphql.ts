/**
 * The client's reads through the read-only GraphQL API (`/api/graphql`): `request(document, variables)`
 * answers the query's `data`. Import it from feature code only (the lazily loaded screens), never from
 * the app shell, so graphql-request stays out of the entry bundle.
 */
import { ClientError, GraphQLClient, type RequestDocument, type Variables } from 'graphql-request';
import { API_BASE, ApiError, raiseApiError } from './api/client.js';

export const GRAPHQL_PATH = `${API_BASE}/graphql`;

/** One error of a GraphQL answer: `extensions.code` says what kind (NOT_FOUND, BAD_USER_INPUT, QUERY_TOO_COSTLY, …). */
export interface GraphqlErrorItem {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

/** A GraphQL read that failed: the HTTP status (200 when the query ran and a field failed, 0 without an answer) and the errors. */
export class GraphqlError extends ApiError {
  constructor(
    status: number,
    url: string,
    readonly errors: GraphqlErrorItem[],
  ) {
    super(status, url, { errors }, errors[0]?.message ?? `GraphQL request failed with status ${status}`);
    this.name = 'GraphqlError';
  }

  /** The first error's code, e.g. NOT_FOUND. */
  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }
}

export interface GraphqlOptions {
  /** Failures are handed to the caller only, without opening the Error dialog (a page that shows its own not-found uses this). */
  silent?: boolean;
  signal?: AbortSignal;
}

let client: GraphQLClient | null = null;

/** Made on first use: the endpoint is absolute, on this page's origin. Reads `fetch` when called, so tests may replace it. */
function graphqlClient(): GraphQLClient {
  client ??= new GraphQLClient(new URL(GRAPHQL_PATH, window.location.origin).href, {
    fetch: (input, init) => fetch(input, init),
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  return client;
}

function failure(error: unknown, url: string): ApiError {
  if (error instanceof ClientError) {
    const errors = (error.response.errors as GraphqlErrorItem[] | undefined) ?? [];
    return new GraphqlError(error.response.status, url, errors.length ? errors : [{ message: `GraphQL request failed with status ${error.response.status}` }]);
  }
  return new ApiError(0, url, undefined, error instanceof Error ? error.message : 'Network failure');
}

/**
 * Runs a GraphQL query and answers its data. Any error rejects the promise with a GraphqlError (or an
 * ApiError with status 0 when no answer came) and, unless `silent`, opens the Error dialog as a failed
 * REST call does. A cancelled request (its `signal` aborted) rejects with the AbortError as it is.
 */
export async function request<T, V extends Variables = Variables>(document: RequestDocument, variables?: V, options: GraphqlOptions = {}): Promise<T> {
  try {
    return await graphqlClient().request<T>({ document, variables, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const failed = failure(error, GRAPHQL_PATH);
    if (!options.silent && failed.status !== 0) raiseApiError({ message: failed.message, time: new Date().toISOString(), url: GRAPHQL_PATH });
    throw failed;
  }
}
