import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Every non-2xx body is `{timestamp, status, message, path}` (SPEC §8), whatever went wrong. */
async function expectErrorShape(response: Response, status: number, path: string): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status, path, message: expect.any(String) });
  expect(new Date(body.timestamp as string).toISOString()).toBe(body.timestamp);
  expect(body.message).not.toBe('');
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(js|ts):\d+|node_modules|select |insert |update |SqlState|stack/i);
  return body;
}

describe('the error contract', () => {
  let t: TestApp;
  let admin: CookieJar;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with 404 in the error shape, for any method', async () => {
    await expectErrorShape(await t.request('/api/no-such-thing'), 404, '/api/no-such-thing');
    await expectErrorShape(await t.request('/api/no/such/thing?x=1', { method: 'DELETE', as: admin }), 404, '/api/no/such/thing?x=1');
    await expectErrorShape(await t.request('/api'), 404, '/api');
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await t.request('/api/users/page', {
      method: 'POST',
      as: admin,
      headers: { 'content-type': 'application/json' },
      body: '{"sort": [',
    });
    const body = await expectErrorShape(response, 400, '/api/users/page');
    expect(body.message).toBe('The request body is not valid JSON');
  });

  it('answers malformed JSON from a visitor with 400 too (the body is read before access is decided)', async () => {
    const response = await t.request('/api/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: "{'secret':1}" });
    const body = await expectErrorShape(response, 400, '/api/config');
    expect(body.message).not.toContain('secret');
  });

  it('refuses a JSON body that is not an object or array', async () => {
    const response = await t.request('/api/users/page', { method: 'POST', as: admin, headers: { 'content-type': 'application/json' }, body: '"text"' });
    await expectErrorShape(response, 400, '/api/users/page');
  });

  it('names every query parameter of the wrong type, in message and errors', async () => {
    const path = '/api/users/page?pageNumber=first&pageSize=0';
    const body = await expectErrorShape(await t.request(path, { method: 'POST', as: admin, json: {} }), 400, path);
    const errors = body.errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['pageNumber', 'pageSize']);
    expect(body.message).toMatch(/pageNumber: .*; pageSize: |pageSize: .*; pageNumber: /);
  });

  it('names every body field of the wrong type, in message and errors', async () => {
    const body = await expectErrorShape(await t.request('/api/users/page', { method: 'POST', as: admin, json: { sort: 'username' } }), 400, '/api/users/page');
    expect(body.errors).toEqual({ sort: expect.arrayContaining(['sort must be an array']) });
    expect(body.message).toMatch(/^Invalid request: sort: /);
  });

  it('names unknown fields, at the top level and nested, in message and errors', async () => {
    const response = await t.request('/api/users/page', {
      method: 'POST',
      as: admin,
      json: { sort: [{ field: 'username', direction: 'ASC', nulls: 'first' }], filter: { admin: true } },
    });
    const body = await expectErrorShape(response, 400, '/api/users/page');
    const errors = body.errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['filter', 'sort.0.nulls']);
    expect(body.message).toContain('filter');
    expect(body.message).toContain('sort.0.nulls');
  });

  it('names the offending element of a nested list', async () => {
    const response = await t.request('/api/users/page', {
      method: 'POST',
      as: admin,
      json: { sort: [{ field: 'username' }, { field: 'password', direction: 'sideways' }] },
    });
    const body = await expectErrorShape(response, 400, '/api/users/page');
    expect(Object.keys(body.errors as object).sort()).toEqual(['sort.1.direction', 'sort.1.field']);
    expect(body.message).toContain('sort.1.field');
    expect(body.message).toContain('sort.1.direction');
  });

  it('answers a body over 1 MB with 413 in the error shape', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(1024 * 1024) });
    const response = await t.request('/api/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    const body = await expectErrorShape(response, 413, '/api/config');
    expect(body.message).toBe('The request body is larger than the 1 MB limit');
  });

  it('accepts a body just under 1 MB (the limit is the limit, not less)', async () => {
    const response = await t.request('/api/users/page', {
      method: 'POST',
      as: admin,
      headers: { 'content-type': 'application/json' },
      body: `{"sort":[]}${' '.repeat(1000 * 1000)}`,
    });
    expect(response.status).toBe(200);
  });

  it('answers an over-large form body with 413 too', async () => {
    const response = await t.request('/api/config', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=${'x'.repeat(1024 * 1024 + 10)}`,
    });
    await expectErrorShape(response, 413, '/api/config');
  });

  it('answers a page number too large for the database with 400, not a database error', async () => {
    const path = '/api/users/page?pageNumber=1e20';
    const body = await expectErrorShape(await t.request(path, { method: 'POST', as: admin, json: {} }), 400, path);
    expect(Object.keys(body.errors as object)).toEqual(['pageNumber']);
  });

  it('answers a user id beyond any stored id as an unknown user (404), not a database error', async () => {
    const path = '/api/users/99999999999/roles/ADMIN';
    await expectErrorShape(await t.request(path, { method: 'PUT', as: admin }), 404, path);
  });

  it('answers a path with a broken percent-encoding with 400', async () => {
    await expectErrorShape(await t.request('/api/users/%FF/roles/ADMIN', { method: 'PUT', as: admin }), 400, '/api/users/%FF/roles/ADMIN');
  });

  it('sends the request id back with errors too', async () => {
    const response = await t.request('/api/nope', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });
});
