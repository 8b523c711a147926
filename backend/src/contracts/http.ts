/**
 * The REST contract's routes, each declared once as `'METHOD /path'` with what it takes and answers. The
 * controllers bind their handlers to a key (`@Endpoint`), the OpenAPI description takes its response
 * schemas from the same declarations, and the web client calls by key, so none of them can drift apart.
 */

import type { RoleFlag } from './roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, any signed-in user, or holders of a role flag (SPEC §6). */
export type AccessRule = 'public' | 'signedIn' | RoleFlag;

declare const carried: unique symbol;

/** What one route takes and answers. The value at run time is empty but for `raw`; the types ride on it. */
export interface RouteSpec<Response = unknown, Body = undefined, Query = undefined> {
  /** Who may call it; the API refuses everyone else (401 or 403). */
  readonly access: AccessRule;
  /** Answered with something other than JSON (a file, an image, a redirect): called as a URL, not fetched. */
  readonly raw?: true;
  /** The success status when it is not 200: 201 for a route that creates, 204 for one that answers nothing. */
  readonly status?: 201 | 204;
  readonly [carried]?: { response: Response; body: Body; query: Query };
}

/** A JSON route answered with 200, for `access`: its answer, its body (POST, PUT, PATCH) and its query string's parameters. */
export const route = <Response, Body = undefined, Query = undefined>(access: AccessRule): RouteSpec<Response, Body, Query> => ({ access });

/** A route that creates a record, answered with 201 and the record. */
export const created = <Response, Body = undefined, Query = undefined>(access: AccessRule): RouteSpec<Response, Body, Query> => ({ access, status: 201 });

/** A route answered with 204 and no body; its handler returns nothing. */
export const noContent = <Body = undefined, Query = undefined>(access: AccessRule): RouteSpec<void, Body, Query> => ({ access, status: 204 });

/** A route answered by a file, an image, a stream or a redirect: the client only builds its URL. */
export const rawRoute = <Query = undefined>(access: AccessRule): RouteSpec<unknown, undefined, Query> => ({ access, raw: true });

declare const formParts: unique symbol;

/**
 * A multipart/form-data body (SPEC §3: a record with its images): each record part is sent as a JSON text
 * part, each file part as a file, and each plain field (a string or number) as its text. The client builds one with `formBody({ event: record, icon: file })`.
 */
export interface FormBody<Parts extends object> {
  readonly [formParts]: Parts;
}

/** A file part of a `FormBody`; left out when empty. */
export type FilePart = Blob | null | undefined;

export type RouteTable = Record<`${HttpMethod} /${string}`, RouteSpec<unknown, unknown, unknown>>;

type Carried<R> = R extends RouteSpec<infer Response, infer Body, infer Query> ? { response: Response; body: Body; query: Query } : never;

export type ResponseOfSpec<R> = Carried<R>['response'];
export type BodyOfSpec<R> = Carried<R>['body'];
export type QueryOfSpec<R> = Carried<R>['query'];

/** `/events/:id/races/:raceId` → `'id' | 'raceId'`; a name ends where a letter, digit or `_` does (`/images/:id.webp` → `'id'`). */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Rest}` ? ParamName<Rest> | PathParamNames<Rest> : never;

type NameCharacter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | Uppercase<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'>
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '_';

/** The leading name characters of `Text`. */
type ParamName<Text extends string, Name extends string = ''> = Text extends `${infer First}${infer Rest}`
  ? First extends NameCharacter
    ? ParamName<Rest, `${Name}${First}`>
    : Name
  : Name;

export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string | number };

/** A route key's path. */
export type PathOf<Key extends string> = Key extends `${HttpMethod} ${infer Path}` ? Path : never;

/** Splits `'GET /events/:id'` into its method and path. */
export function splitRouteKey<Key extends `${HttpMethod} /${string}`>(key: Key): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** Fills a path's `:name` parameters, each URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Path ${path} needs its "${name}" parameter`);
    return encodeURIComponent(String(value));
  });
}
