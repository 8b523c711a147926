import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { bridgeToCache } from '../app/live/cacheBridge.js';

/** What a pushed message does to a cache (as the bridge applies it), for tests that need no socket. */
export { applyMessage } from '../app/live/cacheBridge.js';
import { createQueryClient } from '../lib/query/queryClient.js';
import { RealtimeConnection } from '../lib/realtime/connection.js';
import { installFakeApi, type FakeApi } from './fakeApi.js';
import { FakeSocket } from './fakeSocket.js';

/** Lets pending fetches and their cache writes settle. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the tests below started (bridges, connections, caches, observers), undone by `stopLiveCaches`. */
const stops: (() => void)[] = [];

/** Undoes every `bridgedCache` and `show` of the test: call it in `afterEach`. */
export function stopLiveCaches(): void {
  for (const stop of stops.splice(0)) stop();
}

/** A query cache bridged to a fake socket as the app wires them (the test pushes as the server), and a fake API serving `routes`. */
export function bridgedCache(routes: Parameters<typeof installFakeApi>[0]): { queryClient: QueryClient; socket: FakeSocket; fake: FakeApi } {
  const fake = installFakeApi(routes);
  const queryClient = createQueryClient();
  const socket = new FakeSocket();
  const connection = new RealtimeConnection(() => socket.asSocket());
  connection.connect();
  stops.push(
    bridgeToCache(queryClient, connection),
    () => connection.disconnect(),
    () => queryClient.clear(),
  );
  return { queryClient, socket, fake };
}

/** Shows a query (an observer makes it active, as a mounted component does). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any queryOptions of any shape
export async function show(queryClient: QueryClient, options: any): Promise<void> {
  const observer = new QueryObserver(queryClient, options);
  stops.push(observer.subscribe(() => undefined));
  await flush();
}
