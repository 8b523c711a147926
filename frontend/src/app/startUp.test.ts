import { describe, expect, it, jest } from '@jest/globals';
import { createStore } from 'jotai';
import { currentUserAtom } from '../features/auth/index.js';
import { configAtom, readinessAtom } from '../features/site/index.js';
import { installFakeApi, TEST_CONFIG, testUser, UNAUTHORIZED } from '../testing/fakeApi.js';
import { startUp } from './startUp.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startUp', () => {
  it('loads config, then the user, then posts to config, and is ready', async () => {
    const fake = installFakeApi({
      'GET /api/config': { status: 200, body: TEST_CONFIG },
      'GET /api/users/me': { status: 200, body: testUser() },
      'POST /api/config': { status: 204 },
    });
    const store = createStore();
    await startUp(store);
    await flush();
    expect(fake.calls).toEqual(['GET /api/config', 'GET /api/users/me', 'POST /api/config']);
    expect(store.get(readinessAtom)).toBe('yes');
    expect(store.get(configAtom)).toEqual(TEST_CONFIG);
    expect(store.get(currentUserAtom)?.username).toBe('racer');
  });

  it('treats a 401 from the user lookup as a visitor, still posting config and ignoring its failure', async () => {
    const fake = installFakeApi({
      'GET /api/config': { status: 200, body: TEST_CONFIG },
      'GET /api/users/me': UNAUTHORIZED,
      'POST /api/config': { status: 500, body: { timestamp: 't', status: 500, message: 'm', path: '/api/config' } },
    });
    const store = createStore();
    await startUp(store);
    await flush();
    expect(fake.calls).toEqual(['GET /api/config', 'GET /api/users/me', 'POST /api/config']);
    expect(store.get(readinessAtom)).toBe('yes');
    expect(store.get(currentUserAtom)).toBeNull();
  });

  it('is not ready when the config call fails, and asks for nothing else', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = installFakeApi({ 'GET /api/config': { status: 503, body: { timestamp: 't', status: 503, message: 'down', path: '/api/config' } } });
    const store = createStore();
    await startUp(store);
    expect(fake.calls).toEqual(['GET /api/config']);
    expect(store.get(readinessAtom)).toBe('no');
    log.mockRestore();
  });

  it('is not ready when the user lookup fails with anything but 401', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi({
      'GET /api/config': { status: 200, body: TEST_CONFIG },
      'GET /api/users/me': { status: 500, body: { timestamp: 't', status: 500, message: 'db down', path: '/api/users/me' } },
      'POST /api/config': { status: 204 },
    });
    const store = createStore();
    await startUp(store);
    expect(store.get(readinessAtom)).toBe('no');
    expect(store.get(currentUserAtom)).toBeNull();
    log.mockRestore();
  });
});
