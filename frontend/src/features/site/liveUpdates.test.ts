import { describe, expect, it } from '@jest/globals';
import { createStore } from 'jotai';
import { RealtimeConnection } from '../../lib/realtime/connection.js';
import { installFakeApi } from '../../testing/fakeApi.js';
import { FakeSocket } from '../../testing/fakeSocket.js';
import { currentUserAtom } from '../auth/atoms.js';
import { headlinesAtom } from '../community/atoms.js';
import { maintenanceAtom } from './atoms.js';
import { startLiveUpdates } from './liveUpdates.js';

let served: { headlines: { text: string }[]; maintenance: boolean };

function serveApi() {
  installFakeApi({
    'GET /api/headlines': () => ({ status: 200, body: served.headlines.map((headline, id) => ({ id, ...headline, createdAt: '', updatedAt: '' })) }),
    'GET /api/maintenance': () => ({ status: 200, body: { enabled: served.maintenance } }),
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const store = createStore();
  const sockets: FakeSocket[] = [];
  const connection = new RealtimeConnection(() => {
    sockets.push(new FakeSocket());
    return sockets[sockets.length - 1].asSocket();
  });
  const stop = startLiveUpdates(store, connection);
  return { store, sockets, stop };
}

describe('live headlines and maintenance', () => {
  it('loads both, then applies pushed changes', async () => {
    served = { headlines: [{ text: 'Season 5 on Monday' }], maintenance: false };
    serveApi();
    const { store, sockets, stop } = start();
    await flush();
    expect(store.get(headlinesAtom)).toEqual(['Season 5 on Monday']);
    sockets[0].push('headlines.changed', { headlines: [{ id: 2, text: 'Rivals are live', createdAt: '', updatedAt: '' }] });
    expect(store.get(headlinesAtom)).toEqual(['Rivals are live']);
    sockets[0].push('maintenance.changed', { enabled: true });
    expect(store.get(maintenanceAtom)).toBe(true);
    stop();
  });

  it('refetches what it shows after the connection comes back', async () => {
    served = { headlines: [], maintenance: false };
    serveApi();
    const { store, sockets, stop } = start();
    await flush();
    served = { headlines: [{ text: 'Changed while offline' }], maintenance: true };
    sockets[0].drop();
    sockets[0].serverAccepts();
    await flush();
    expect(store.get(headlinesAtom)).toEqual(['Changed while offline']);
    expect(store.get(maintenanceAtom)).toBe(true);
    stop();
  });

  it('reconnects when the signed-in user changes, not on other updates', async () => {
    served = { headlines: [], maintenance: false };
    serveApi();
    const { store, sockets, stop } = start();
    store.set(currentUserAtom, { id: 5 } as never);
    expect(sockets).toHaveLength(2);
    store.set(currentUserAtom, { id: 5, username: 'renamed' } as never);
    expect(sockets).toHaveLength(2);
    store.set(currentUserAtom, null);
    expect(sockets).toHaveLength(3);
    stop();
  });
});
