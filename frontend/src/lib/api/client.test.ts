import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { installFakeApi } from '../../testing/fakeApi.js';
import { api, apiRequest, apiUrl, formBody, ApiError, ApiTimeoutError, onApiError } from './client.js';
import type { ApiErrorNotice } from './errorBody.js';

function collectNotices(): { notices: ApiErrorNotice[]; stop: () => void } {
  const notices: ApiErrorNotice[] = [];
  const stop = onApiError((notice) => notices.push(notice));
  return { notices, stop };
}

describe('api client', () => {
  let stopListening: () => void = () => undefined;
  afterEach(() => stopListening());

  it('calls /api with credentials, JSON and the X-Requested-With header on every request', async () => {
    const fake = installFakeApi({ 'PUT /api/things/1': { status: 200, body: { ok: true } } });
    await expect(apiRequest('/things/1', { method: 'PUT', body: { name: 'x' }, query: { notify: true, skip: undefined } })).resolves.toEqual({ ok: true });
    const [request] = fake.requests;
    expect(request?.key).toBe('PUT /api/things/1?notify=true');
    expect(request?.init?.credentials).toBe('include');
    expect(request?.init?.body).toBe('{"name":"x"}');
    expect(request?.init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it("sends a fresh Idempotency-Key with each POST, PUT and PATCH, the caller's own when given, none on GET or DELETE", async () => {
    const fake = installFakeApi({
      'POST /api/things': { status: 201, body: {} },
      'PATCH /api/things/1': { status: 200, body: {} },
      'GET /api/things/1': { status: 200, body: {} },
      'DELETE /api/things/1': { status: 204 },
    });
    await apiRequest('/things', { method: 'POST', body: { name: 'x' } });
    await apiRequest('/things', { method: 'POST', body: { name: 'x' } });
    await apiRequest('/things/1', { method: 'PATCH', body: { name: 'y' }, idempotencyKey: 'retry-of-submit-1' });
    await apiRequest('/things/1');
    await apiRequest('/things/1', { method: 'DELETE' });
    const keys = fake.requests.map((request) => (request.init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual(['retry-of-submit-1', undefined, undefined]);
  });

  it('answers undefined for an empty 204 body', async () => {
    installFakeApi({ 'POST /api/logout': { status: 204 } });
    await expect(apiRequest('/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it.each([401, 403])('hands %i back to the caller without raising api_error', async (status) => {
    installFakeApi({ 'GET /api/secret': { status, body: { timestamp: 't', status, message: 'No', path: '/api/secret' } } });
    const { notices, stop } = collectNotices();
    stopListening = stop;
    await expect(apiRequest('/secret')).rejects.toMatchObject({ status });
    expect(notices).toEqual([]);
  });

  it('raises one api_error for any other failure, then rejects with the status', async () => {
    installFakeApi({ 'GET /api/broken': { status: 500, body: { timestamp: '2025-01-01T00:00:00Z', status: 500, message: 'Engine failure', path: '/api/broken' } } });
    const { notices, stop } = collectNotices();
    stopListening = stop;
    await expect(apiRequest('/broken')).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([{ message: 'Engine failure', time: '2025-01-01T00:00:00Z', url: 'http://localhost/api/broken' }]);
  });

  it('raises nothing for a body of neither shape, or when the call is silent', async () => {
    installFakeApi({
      'GET /api/odd': { status: 502, body: { error: 'gateway' } },
      'GET /api/quiet': { status: 500, body: { timestamp: 't', status: 500, message: 'm', path: '/api/quiet' } },
    });
    const { notices, stop } = collectNotices();
    stopListening = stop;
    await expect(apiRequest('/odd')).rejects.toMatchObject({ status: 502 });
    await expect(apiRequest('/quiet', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(notices).toEqual([]);
  });

  it('gives up after the timeout and only logs it', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    globalThis.fetch = ((_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const { notices, stop } = collectNotices();
    stopListening = stop;
    await expect(apiRequest('/config', { timeoutMs: 20 })).rejects.toBeInstanceOf(ApiTimeoutError);
    expect(log).toHaveBeenCalledWith('Request timed out', '/api/config');
    expect(notices).toEqual([]);
    log.mockRestore();
  });
});

describe('api client bound to the REST contract', () => {
  it('calls a route by its contract path, with the body and answer the contract declares', async () => {
    const fake = installFakeApi({ 'PUT /api/maintenance': { status: 200, body: { enabled: true } } });
    const state = await api.put('/maintenance', { enabled: true });
    expect(state.enabled).toBe(true);
    expect(fake.requests[0]?.init?.body).toBe('{"enabled":true}');
  });

  it('builds the address of a route under /api', () => {
    expect(apiUrl('GET /maintenance')).toBe('/api/maintenance');
  });

  it('fills path parameters, URI-encoded', async () => {
    const fake = installFakeApi({ 'DELETE /api/users/7/roles/is%20steward': { status: 200, body: { roles: [] } } });
    await api.delete('/users/:id/roles/:role', { params: { id: 7, role: 'is steward' as 'isSteward' } });
    expect(fake.requests[0]?.key).toBe('DELETE /api/users/7/roles/is%20steward');
  });
});

describe('formBody', () => {
  it('sends each file part as the file, a record as JSON text, a plain field as its text, and leaves empty parts out', async () => {
    const icon = new Blob(['png'], { type: 'image/png' });
    const form = formBody({ game: { name: 'GT7' }, icon, banner: null, platform: 'PC', trackId: 4 }) as unknown as FormData;
    expect(form.get('game')).toBe('{"name":"GT7"}');
    expect([form.get('platform'), form.get('trackId')]).toEqual(['PC', '4']);
    expect(form.get('icon')).toMatchObject({ size: 3, type: 'image/png' });
    expect(form.has('banner')).toBe(false);
  });

  it('goes out as multipart (its own content type), with credentials, the CSRF header and the Idempotency-Key', async () => {
    const fake = installFakeApi({ 'PUT /api/games': { status: 200, body: { id: 4 } } });
    const icon = new File(['png'], 'logo.png', { type: 'image/png' });
    const game = await api.put('/games', formBody({ game: { name: 'GT7', platforms: ['PC'] }, icon }), { idempotencyKey: 'submit-1' });
    expect(game.id).toBe(4);
    const init = fake.requests[0]!.init!;
    expect(((init.body as FormData).get('icon') as File).name).toBe('logo.png');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Idempotency-Key': 'submit-1' });
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.credentials).toBe('include');
  });
});
