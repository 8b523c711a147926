/**
 * The client's reads through the read-only GraphQL API (`/api/graphql`): `request(document, variables)`
 * answers the query's `data`. Import it from feature code only (the lazily loaded screens), never from
 * the app shell, so graphql-request stays out of the entry bundle.
 *
 * Queries go as persisted queries: a GET naming the document by its SHA-256 (Apollo's automatic
 * persisted queries), so the server answers them from its read cache and the browser revalidates
 * them with their ETag like REST reads. The first time a server has not seen a document, the
 * document is sent once (POST) with its hash, which registers it for everyone.
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
    method: 'GET',
    fetch: persistedQueryFetch,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  return client;
}

const documentHashes = new Map<string, Promise<string>>();

/** The document's SHA-256 in hex, or null where the page has no Web Crypto (an insecure origin). */
function documentHash(document: string): Promise<string> | null {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (!subtle) return null;
  let hash = documentHashes.get(document);
  if (!hash) {
    hash = subtle
      .digest('SHA-256', new TextEncoder().encode(document))
      .then((digest) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join(''));
    documentHashes.set(document, hash);
  }
  return hash;
}

/**
 * graphql-request's fetch for its GETs (`?query=…&variables=…&operationName=…`): sends the document's
 * hash instead of its text, in one fixed parameter order (the URL is the server's cache key); when the
 * server answers that it does not know the hash, POSTs the document with its hash, once. Without Web
 * Crypto the document is POSTed as it is.
 */
async function persistedQueryFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const sent = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const query = sent.searchParams.get('query') ?? '';
  const [variables, operationName] = [sent.searchParams.get('variables'), sent.searchParams.get('operationName')];
  const hash = documentHash(query);
  const post = (extensions?: object) =>
    fetch(sent.origin + sent.pathname, {
      ...init,
      method: 'POST',
      headers: { ...(init.headers as Record<string, string>), 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables: variables === null ? undefined : (JSON.parse(variables) as unknown), operationName: operationName ?? undefined, extensions }),
    });
  if (!hash) return post();
  const extensions = { persistedQuery: { version: 1, sha256Hash: await hash } };
  const url = new URL(sent.pathname, sent.origin);
  if (operationName !== null) url.searchParams.set('operationName', operationName);
  if (variables !== null) url.searchParams.set('variables', variables);
  url.searchParams.set('extensions', JSON.stringify(extensions));
  const answer = await fetch(url, { ...init, method: 'GET', headers: { ...(init.headers as Record<string, string>), 'Apollo-Require-Preflight': 'true' } });
  return isPersistedQueryNotFound(await answer.clone().text()) ? post(extensions) : answer;
}

function isPersistedQueryNotFound(text: string): boolean {
  if (!text.includes('PERSISTED_QUERY_NOT_FOUND')) return false;
  try {
    return (JSON.parse(text) as { errors?: GraphqlErrorItem[] }).errors?.some((error) => error.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND') === true;
  } catch {
    return false;
  }
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
