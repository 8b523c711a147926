import { describe, expect, it } from '@jest/globals';
import { createStore } from 'jotai';
import { currentUserAtom } from '../../features/auth/index.js';
import { createQueryClient } from '../../lib/query/queryClient.js';
import { RealtimeConnection } from '../../lib/realtime/connection.js';
import { FakeSocket } from '../../testing/fakeSocket.js';
import { startLiveUpdates } from './liveUpdates.js';

describe('live updates', () => {
  it('reconnects when the signed-in user changes, not on other updates', () => {
    const store = createStore();
    const sockets: FakeSocket[] = [];
    const connection = new RealtimeConnection(() => {
      sockets.push(new FakeSocket());
      return sockets[sockets.length - 1]!.asSocket();
    });
    const stop = startLiveUpdates(store, createQueryClient(), connection);
    expect(sockets).toHaveLength(1);
    store.set(currentUserAtom, { id: 5 } as never);
    expect(sockets).toHaveLength(2);
    store.set(currentUserAtom, { id: 5, username: 'renamed' } as never);
    expect(sockets).toHaveLength(2);
    store.set(currentUserAtom, null);
    expect(sockets).toHaveLength(3);
    stop();
  });
});
