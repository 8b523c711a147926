import { fillPath, splitRouteKey, type FormBody, type HttpMethod, type PathOf, type PathParamNames, type PathParams } from '@paddock/contracts/http.js';
import type { BodyOf, QueryOf, ResponseOf, RouteKey, RouteKeyOf, RoutePathOf } from '@paddock/contracts/routes.js';
import { parseErrorBody, type ApiErrorNotice } from './errorBody.js';

export const API_BASE = '/api';
export const API_ERROR_EVENT = 'api_error';

/** A call that did not succeed. `status` is 0 when no response arrived (network failure, timeout). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: unknown,
    message = `Request to ${url} failed with status ${status}`,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ApiTimeoutError extends ApiError {
  constructor(url: string, timeoutMs: number) {
    super(0, url, undefined, `Request timed out after ${timeoutMs} ms`);
    this.name = 'ApiTimeoutError';
  }
}

/** The one global channel failed calls are announced on; the Error dialog listens to it. */
const apiErrorTarget = new EventTarget();

export function onApiError(listener: (notice: ApiErrorNotice) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<ApiErrorNotice>).detail);
  apiErrorTarget.addEventListener(API_ERROR_EVENT, handle);
  return () => apiErrorTarget.removeEventListener(API_ERROR_EVENT, handle);
}

/** Opens the Error dialog for a failed call (lib/graphql.ts raises its failures here too). */
export function raiseApiError(notice: ApiErrorNotice): void {
  apiErrorTarget.dispatchEvent(new CustomEvent(API_ERROR_EVENT, { detail: notice }));
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  timeoutMs?: number;
  /** Failures are handed to the caller only, without opening the Error dialog (start-up uses this). */
  silent?: boolean;
  /**
   * The Idempotency-Key of a POST, PUT or PATCH (a fresh one per call otherwise): pass the key of the
   * failed attempt to retry it, so the server answers it once however often it arrives.
   */
  idempotencyKey?: string;
}

const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A fresh key for one submit of a form; keep it to retry that submit. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the league API. 401 and 403 are handed back silently (SPEC §8); every other failed
 * response also raises the global api_error so the Error dialog can show it.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, timeoutMs, silent = false, idempotencyKey } = options;
  const url = buildUrl(path, query);
  const controller = new AbortController();
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The API refuses state-changing calls without it (a CSRF guard); sent on every call for simplicity.
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (IDEMPOTENT_METHODS.has(method)) headers['Idempotency-Key'] = idempotencyKey ?? newIdempotencyKey();
  // FormData (multipart uploads) sets its own content type with the boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (cause) {
    if (controller.signal.aborted && timeoutMs !== undefined) {
      console.error('Request timed out', url);
      throw new ApiTimeoutError(url, timeoutMs);
    }
    throw new ApiError(0, url, undefined, cause instanceof Error ? cause.message : 'Network failure');
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }

  const payload = await readBody(response);
  if (response.ok) return payload as T;

  const error = new ApiError(response.status, response.url || url, payload);
  const passedSilently = response.status === 401 || response.status === 403;
  if (!passedSilently && !silent) {
    const notice = parseErrorBody(payload, response.url || url);
    if (notice) raiseApiError(notice);
  }
  throw error;
}

type KeyOf<Method extends HttpMethod, Path extends string> = Extract<`${Method} ${Path}`, RouteKey>;

type ParamsOption<Path extends string> = [PathParamNames<Path>] extends [never] ? { params?: never } : { params: PathParams<Path> };
type QueryOption<Key extends RouteKey> = [QueryOf<Key>] extends [undefined] ? { query?: never } : { query?: QueryOf<Key> };
/** What a call takes beside its path and body: the path's parameters, the route's query, and the request's options. */
export type CallOptions<Key extends RouteKey> = Omit<RequestOptions, 'method' | 'body' | 'query'> & ParamsOption<PathOf<Key>> & QueryOption<Key>;
/** The options argument: required when the path has parameters. */
type OptionsArgs<Key extends RouteKey> = [PathParamNames<PathOf<Key>>] extends [never] ? [options?: CallOptions<Key>] : [options: CallOptions<Key>];
/** A DELETE's options, with its body when the route takes one. */
type DeleteOptions<Key extends RouteKey> = CallOptions<Key> & ([BodyOf<Key>] extends [undefined] ? { body?: never } : { body: BodyOf<Key> });
type DeleteArgs<Key extends RouteKey> = [PathParamNames<PathOf<Key>>] extends [never]
  ? [BodyOf<Key>] extends [undefined]
    ? [options?: DeleteOptions<Key>]
    : [options: DeleteOptions<Key>]
  : [options: DeleteOptions<Key>];

function call<Key extends RouteKey>(key: Key, body: unknown, options: Partial<CallOptions<Key>> = {}): Promise<ResponseOf<Key>> {
  const { method, path } = splitRouteKey(key);
  const { params, query, ...rest } = options as RequestOptions & { params?: Record<string, string | number> };
  return apiRequest<ResponseOf<Key>>(fillPath(path, params), { ...rest, method, query, body });
}

/** The address of a route answered by a file, an image or a redirect (for `src`, `href` and downloads). */
export function apiUrl<Key extends RouteKeyOf<'GET'>>(key: Key, ...[options]: OptionsArgs<Key>): string {
  const { path } = splitRouteKey(key);
  const { params, query } = (options ?? {}) as { params?: Record<string, string | number>; query?: RequestOptions['query'] };
  return buildUrl(fillPath(path, params), query);
}

/**
 * The league API, called by route: `api.get('/events/:id', { params: { id } })`. Paths, parameters,
 * bodies, queries and answers all come from the REST contract (`@paddock/contracts/routes.js`).
 */
export const api = {
  get: <Path extends RoutePathOf<'GET'>>(path: Path, ...[options]: OptionsArgs<KeyOf<'GET', Path>>) => call(`GET ${path}` as KeyOf<'GET', Path>, undefined, options),
  post: <Path extends RoutePathOf<'POST'>>(path: Path, body: BodyOf<KeyOf<'POST', Path>>, ...[options]: OptionsArgs<KeyOf<'POST', Path>>) =>
    call(`POST ${path}` as KeyOf<'POST', Path>, body, options),
  put: <Path extends RoutePathOf<'PUT'>>(path: Path, body: BodyOf<KeyOf<'PUT', Path>>, ...[options]: OptionsArgs<KeyOf<'PUT', Path>>) =>
    call(`PUT ${path}` as KeyOf<'PUT', Path>, body, options),
  patch: <Path extends RoutePathOf<'PATCH'>>(path: Path, body: BodyOf<KeyOf<'PATCH', Path>>, ...[options]: OptionsArgs<KeyOf<'PATCH', Path>>) =>
    call(`PATCH ${path}` as KeyOf<'PATCH', Path>, body, options),
  delete: <Path extends RoutePathOf<'DELETE'>>(path: Path, ...[options]: DeleteArgs<KeyOf<'DELETE', Path>>) => {
    const { body, ...rest } = (options ?? {}) as { body?: unknown };
    return call(`DELETE ${path}` as KeyOf<'DELETE', Path>, body, rest);
  },
};

/**
 * A multipart body for a route that takes a record with files (`FormBody` in the contract): a file part is
 * sent as the file, a plain field (string, number, boolean) as its text, a record as JSON text, and an
 * empty part is left out.
 */
export function formBody<Parts extends object>(parts: Parts): FormBody<Parts> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts) as [string, unknown][]) {
    if (value === null || value === undefined) continue;
    if (value instanceof Blob) form.append(name, value);
    else if (typeof value === 'object') form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form as unknown as FormBody<Parts>;
}
