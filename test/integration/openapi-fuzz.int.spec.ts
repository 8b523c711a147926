import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { splitRouteKey } from '../../backend/src/contracts/http.js';
import { API_ROUTES } from '../../backend/src/contracts/routes.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Generated from the OpenAPI document, so new routes are covered without touching this file: every
 * operation is sent wrong types, missing fields, deep JSON, NUL bytes, lone surrogates, 1 MB strings,
 * lists where objects belong, each field alone as null, true, [] or {} (a column that cannot be null, a
 * service that trusts a type), and negative or huge paging — signed in as an admin, so bodies reach
 * validation. Nothing may answer 5xx, and every error body is `{timestamp, status, message, path}`.
 */

interface Schema {
  type?: string;
  $ref?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  format?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Case {
  name: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** A JSON value, or raw text sent as JSON. */
  body?: { json: unknown } | { raw: string };
}

/** Operations that end the test's own session; they are covered by their own suites. */
const SKIPPED = new Set(['POST /api/logout']);
const ONE_MB_STRING = 'x'.repeat(1_000_000);
/** Each field alone with each of these values. */
const OTHER_JSON_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['[]', []],
  ['{}', {}],
];
/** Bodies of parts the document does not describe (a multipart route's JSON part) that once answered 500. */
const KNOWN_BODIES: Record<string, unknown[]> = {
  'POST /api/rivals/times': OTHER_JSON_VALUES.map(([, time]) => ({ time: { trackId: 1, carId: 1, platform: 'PC', conditions: 'DRY', time } })),
};
const DEEP = '['.repeat(100_000) + ']'.repeat(100_000);

describe('every operation of the OpenAPI document survives hostile input', () => {
  let t: TestApp;
  let admin: CookieJar;
  let document: Document;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signIn('admin');
    document = (await (await t.request('/api/docs-json')).json()) as Document;
  });
  afterAll(() => t.close());

  const resolve = (schema: Schema | undefined, depth = 0): Schema => {
    if (!schema || depth > 8) return {};
    if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!], depth + 1);
    if (schema.allOf?.length) return resolve(schema.allOf[0], depth + 1);
    if (schema.oneOf?.length) return resolve(schema.oneOf[0], depth + 1);
    return schema;
  };

  /** A value of the wrong type for `schema`. */
  const wrongType = (schema: Schema): unknown => {
    const resolved = resolve(schema);
    if (resolved.type === 'string') return 12345;
    if (resolved.type === 'integer' || resolved.type === 'number') return 'not-a-number';
    if (resolved.type === 'boolean') return 'maybe';
    if (resolved.type === 'array') return { not: 'a list' };
    return 'not-an-object';
  };

  /** Sets every string property of `schema` (nested objects and lists included) to `text`. */
  const withStrings = (schema: Schema, text: string, depth = 0): unknown => {
    const resolved = resolve(schema);
    if (depth > 5) return undefined;
    if (resolved.type === 'string' || (!resolved.type && !resolved.properties)) return text;
    if (resolved.type === 'array') return [withStrings(resolved.items ?? {}, text, depth + 1)];
    if (resolved.properties) return Object.fromEntries(Object.entries(resolved.properties).map(([key, value]) => [key, withStrings(value, text, depth + 1)]));
    return undefined;
  };

  const bodySchema = (operation: Operation): { schema: Schema; multipartPart?: string } | null => {
    const content = operation.requestBody?.content;
    if (!content) return null;
    const json = content['application/json'];
    const multipart = content['multipart/form-data'];
    if (multipart) {
      const resolved = resolve(multipart.schema);
      const part = (resolved.required ?? Object.keys(resolved.properties ?? {})).find((name) => resolve(resolved.properties?.[name]).format !== 'binary');
      return { schema: {}, multipartPart: part };
    }
    return json ? { schema: json.schema } : null;
  };

  const casesFor = (operation: Operation): Case[] => {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const validPath = Object.fromEntries(
      pathParameters.map((parameter) => {
        const schema = resolve(parameter.schema);
        return [parameter.name, schema.enum ? String(schema.enum[0]) : schema.type === 'integer' || schema.type === 'number' ? '999999' : 'x'];
      }),
    );
    const cases: Case[] = [
      {
        name: 'wrong types in path and query',
        path: Object.fromEntries(pathParameters.map((parameter) => [parameter.name, 'abc'])),
        query: Object.fromEntries(queryParameters.map((parameter) => [parameter.name, resolve(parameter.schema).type === 'string' ? '' : 'abc'])),
      },
      {
        name: 'NUL and lone surrogates in path and query',
        path: Object.fromEntries(pathParameters.map((p) => [p.name, 'a\u0000b'])),
        query: Object.fromEntries(queryParameters.map((p) => [p.name, '\ud800'])),
      },
    ];
    if (queryParameters.some((parameter) => parameter.name === 'pageNumber' || parameter.name === 'pageSize')) {
      cases.push({ name: 'negative paging', path: validPath, query: { pageNumber: '-1', pageSize: '-1' } });
      cases.push({ name: 'huge paging', path: validPath, query: { pageNumber: '1e20', pageSize: '99999999999' } });
    }
    const body = bodySchema(operation);
    if (!body) return cases;
    const schema = resolve(body.schema);
    const properties = schema.properties ?? {};
    const wrap = (value: unknown): unknown => (body.multipartPart ? { [body.multipartPart]: value } : value);
    const firstString = Object.entries(properties).find(([, value]) => resolve(value).type === 'string')?.[0] ?? 'name';
    cases.push(
      { name: 'missing fields', path: validPath, query: {}, body: { json: wrap({}) } },
      {
        name: 'wrong types in the body',
        path: validPath,
        query: {},
        body: { json: wrap(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, wrongType(value)]))) },
      },
      { name: 'a body that is not an object', path: validPath, query: {}, body: { json: body.multipartPart ? { [body.multipartPart]: [[]] } : [[]] } },
      { name: 'deep JSON', path: validPath, query: {}, body: { raw: body.multipartPart ? `{"${body.multipartPart}":${DEEP}}` : DEEP } },
      { name: 'NUL bytes', path: validPath, query: {}, body: { json: wrap(withStrings(schema, 'a\u0000b') ?? { [firstString]: 'a\u0000b' }) } },
      { name: 'lone surrogates', path: validPath, query: {}, body: { json: wrap(withStrings(schema, '\udc00') ?? { [firstString]: '\udc00' }) } },
      { name: 'a 1 MB string', path: validPath, query: {}, body: { json: wrap({ [firstString]: ONE_MB_STRING }) } },
      { name: 'lists where objects belong', path: validPath, query: {}, body: { json: wrap(Object.fromEntries(Object.keys(properties).map((key) => [key, [[]]]))) } },
    );
    for (const key of Object.keys(properties)) {
      for (const [label, value] of OTHER_JSON_VALUES) cases.push({ name: `${key} alone as ${label}`, path: validPath, query: {}, body: { json: wrap({ [key]: value }) } });
    }
    return cases;
  };

  it('serves every route the REST contract declares, at its method and path', () => {
    const missing = Object.keys(API_ROUTES).filter((key) => {
      const { method, path } = splitRouteKey(key as keyof typeof API_ROUTES);
      return !document.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  const operationOf = (key: keyof typeof API_ROUTES): Operation | undefined => {
    const { method, path } = splitRouteKey(key);
    return document.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
  };

  it('describes every contract route’s success answer with its schema from the contract (issue #25)', () => {
    const undescribed = (Object.keys(API_ROUTES) as (keyof typeof API_ROUTES)[]).flatMap((key) => {
      const spec: { raw?: true; status?: 201 | 204 } = API_ROUTES[key];
      const status = spec.status ?? 200;
      const content = operationOf(key)?.responses?.[status]?.content;
      if (status === 204) return content ? [`${key}: ${status} has content`] : [];
      if (spec.raw) return content?.['application/octet-stream'] && !content['application/json'] ? [] : [`${key}: not described as binary`];
      return content?.['application/json']?.schema ? [] : [`${key}: ${status} has no JSON schema`];
    });
    expect(undescribed).toEqual([]);
  });

  it('gives the answers’ and bodies’ fields their contract types', () => {
    const answer = (key: keyof typeof API_ROUTES, status = 200) => resolve(operationOf(key)?.responses?.[status]?.content?.['application/json']?.schema);
    const maintenance = answer('GET /maintenance');
    expect(maintenance).toMatchObject({ type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'] });
    expect(resolve(operationOf('PUT /maintenance')?.requestBody?.content['application/json']?.schema)).toEqual(maintenance);
    expect(answer('POST /users/me/apiKey', 201)).toMatchObject({ type: 'object', properties: { key: { type: 'string' } }, required: ['key'] });
    const roles = answer('GET /roles');
    expect(roles.type).toBe('array');
    expect(resolve(roles.items).properties).toHaveProperty('role');
    const usersPage = answer('POST /users/page');
    expect(usersPage.required).toEqual(expect.arrayContaining(['content', 'totalElements']));
    expect(resolve(usersPage.properties?.content?.items).properties).toHaveProperty('id');
    expect(resolve(answer('GET /audit').properties?.content?.items).properties?.actor).toMatchObject({ type: 'object', nullable: true });
  });

  it('stays an OpenAPI 3.0 document: every $ref resolves, and schemas use only 3.0’s keywords', () => {
    const keywords = new Set(
      'title multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxProperties minProperties required enum type allOf oneOf anyOf not items properties additionalProperties description format default nullable discriminator readOnly writeOnly xml externalDocs example deprecated $ref'.split(
        ' ',
      ),
    );
    const problems: string[] = [];
    const checkSchema = (schema: unknown, where: string): void => {
      if (schema === null || typeof schema !== 'object') return;
      for (const [keyword, value] of Object.entries(schema)) {
        if (!keywords.has(keyword) && !keyword.startsWith('x-')) problems.push(`${where}: ${keyword}`);
        if (keyword === '$ref' && !document.components?.schemas?.[String(value).replace('#/components/schemas/', '')]) problems.push(`${where}: ${String(value)} is missing`);
        if (keyword === 'type' && typeof value !== 'string') problems.push(`${where}: type ${JSON.stringify(value)}`);
        if (keyword === 'properties') for (const [name, inner] of Object.entries(value as object)) checkSchema(inner, `${where}.${name}`);
        else if (['items', 'not', 'additionalProperties'].includes(keyword)) checkSchema(value, `${where}.${keyword}`);
        else if (['allOf', 'oneOf', 'anyOf'].includes(keyword)) (value as unknown[]).forEach((inner, index) => checkSchema(inner, `${where}.${keyword}[${index}]`));
      }
    };
    expect(document.openapi).toMatch(/^3\.0\./);
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      if (!/^[A-Za-z0-9._-]+$/.test(name)) problems.push(`component name ${name}`);
      checkSchema(schema, name);
    }
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) checkSchema(media.schema, `${where} body ${type}`);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!response.description && response.description !== '') problems.push(`${where} ${status}: no description`);
          for (const [type, media] of Object.entries(response.content ?? {})) checkSchema(media.schema, `${where} ${status} ${type}`);
        }
        for (const parameter of operation.parameters ?? []) checkSchema(parameter.schema, `${where} ${parameter.name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 400 naming the field for the bodies that once answered 500 (issue #23)', async () => {
    const errorsOf = async (method: string, path: string, json: unknown) => {
      const response = await t.request(path, { method, as: admin, json });
      const body = (await response.json()) as { errors?: Record<string, string[]> };
      return [method, path, JSON.stringify(json), response.status, Object.keys(body.errors ?? {})];
    };
    for (const time of [true, [], {}]) {
      const body = { time: { trackId: 1, carId: 1, platform: 'PC', conditions: 'DRY', time } };
      expect(await errorsOf('POST', '/api/rivals/times', body)).toEqual(['POST', '/api/rivals/times', JSON.stringify(body), 400, ['time']]);
    }
    expect(await errorsOf('PATCH', '/api/profile/account', { hidden: null })).toEqual(['PATCH', '/api/profile/account', '{"hidden":null}', 400, ['hidden']]);
    expect(await errorsOf('PATCH', '/api/profile/games', { platforms: null })).toEqual(['PATCH', '/api/profile/games', '{"platforms":null}', 400, ['platforms']]);
  });

  it('answers no 5xx, and every error in the error shape', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${template}`;
        if (SKIPPED.has(name) || !['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const known = (KNOWN_BODIES[name] ?? []).map((json, index): Case => ({ name: `known body ${index + 1}`, path: {}, query: {}, body: { json } }));
        for (const testCase of [...casesFor(operation), ...known]) {
          const path = template.replace(/\{(\w+)\}/g, (_whole, parameter: string) => encodeURIComponent(testCase.path[parameter] ?? 'x'));
          const query = new URLSearchParams(testCase.query).toString();
          const url = `${path}${query ? `?${query}` : ''}`;
          const init: RequestInit & { as: CookieJar } = { method: method.toUpperCase(), as: admin };
          if (testCase.body) {
            init.headers = { 'content-type': 'application/json' };
            init.body = 'json' in testCase.body ? JSON.stringify(testCase.body.json) : testCase.body.raw;
          }
          const response = await t.request(url, { ...init, signal: AbortSignal.timeout(5000) }).catch((error: Error) => error);
          requests += 1;
          if (response instanceof Error) {
            failures.push(`${name} — ${testCase.name}: no answer (${response.message})`);
            continue;
          }
          const text = await response.text();
          const where = `${name} — ${testCase.name}: ${response.status}`;
          if (response.status >= 500) {
            failures.push(`${where} ${text.slice(0, 200)}`);
            continue;
          }
          if (response.status < 400) continue;
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            failures.push(`${where}: not JSON`);
            continue;
          }
          const keys = Object.keys(body)
            .filter((key) => key !== 'errors')
            .sort();
          const shaped =
            keys.join() === 'message,path,status,timestamp' &&
            body.status === response.status &&
            typeof body.message === 'string' &&
            typeof body.path === 'string' &&
            !Number.isNaN(Date.parse(String(body.timestamp)));
          if (!shaped) failures.push(`${where}: ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every operation was tried: the document lists them all.
    expect(requests).toBeGreaterThan(100);
    // Thousands of requests, one after another, and more with every route a domain adds.
  }, 300_000);
});
