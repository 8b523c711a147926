import { describe, expect, it } from '@jest/globals';
import { createStore } from 'jotai';
import { RealtimeConnection } from '../../lib/realtime/connection.js';
import { installFakeApi } from '../../testing/fakeApi.js';
import { FakeSocket } from '../../testing/fakeSocket.js';
import { liveEventAvailableAtom, liveEventIdAtom, nextPlannedEventAtom, nextPlannedEventLoadedAtom } from './atoms.js';
import { watchLiveEvent, watchNextPlannedEvent } from './shellEvents.js';
import { eventFixture } from './testing/eventFixture.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function connected() {
  const socket = new FakeSocket();
  const connection = new RealtimeConnection(() => socket.asSocket());
  connection.connect();
  return { socket, connection };
}

describe('the header next race', () => {
  it('asks for page 0 of size 1 and keeps the first planned event', async () => {
    const fake = installFakeApi({ 'GET /api/events/planned': { status: 200, body: { content: [eventFixture({ id: 3 })], totalElements: 9 } } });
    const store = createStore();
    const { connection } = connected();
    const stop = watchNextPlannedEvent(store, connection);
    await flush();
    expect(fake.calls).toEqual(['GET /api/events/planned?pageNumber=0&pageSize=1']);
    expect(store.get(nextPlannedEventAtom)?.id).toBe(3);
    expect(store.get(nextPlannedEventLoadedAtom)).toBe(true);
    stop();
  });

  it('is empty when nothing is planned, and refetches when events change or the connection returns', async () => {
    let planned = [eventFixture({ id: 3 })];
    const fake = installFakeApi({ 'GET /api/events/planned': () => ({ status: 200, body: { content: planned } }) });
    const store = createStore();
    const { socket, connection } = connected();
    const stop = watchNextPlannedEvent(store, connection);
    await flush();
    planned = [];
    socket.push('events.changed', { eventId: 3, published: false });
    await flush();
    expect(store.get(nextPlannedEventAtom)).toBeNull();
    planned = [eventFixture({ id: 8 })];
    socket.drop();
    socket.serverAccepts();
    await flush();
    expect(store.get(nextPlannedEventAtom)?.id).toBe(8);
    expect(fake.calls).toHaveLength(3);
    stop();
  });
});

describe('the live-race button state', () => {
  it('turns on and off with live.changed, after loading the current live event', async () => {
    installFakeApi({ 'GET /api/live': { status: 200, body: { event: null, stream: null } } });
    const store = createStore();
    const { socket, connection } = connected();
    const stop = watchLiveEvent(store, connection);
    await flush();
    expect(store.get(liveEventAvailableAtom)).toBe(false);
    socket.push('live.changed', { live: true, eventId: 12 });
    expect(store.get(liveEventIdAtom)).toBe(12);
    expect(store.get(liveEventAvailableAtom)).toBe(true);
    socket.push('live.changed', { live: false, eventId: null });
    expect(store.get(liveEventAvailableAtom)).toBe(false);
    stop();
  });

  it('starts on when an event is already live', async () => {
    installFakeApi({ 'GET /api/live': { status: 200, body: { event: eventFixture({ id: 5, live: true }), stream: null } } });
    const store = createStore();
    const stop = watchLiveEvent(store, connected().connection);
    await flush();
    expect(store.get(liveEventIdAtom)).toBe(5);
    stop();
  });
});
