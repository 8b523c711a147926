import { afterEach } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { ClientEventMap, ClientEventName, PushesSince, SubscribeAck } from '../../backend/src/contracts/client-events.js';
import type { CookieJar } from './sign-in.js';

/**
 * A real socket.io-client connection, signed in by the jar's session cookie or an API key; with `since`,
 * a page's first connection saying where the page stands. `listen` runs before it connects, to hear
 * what the server sends at once (a `resync`).
 */
export async function connectSocket(baseUrl: string, auth: { as?: CookieJar; apiKey?: string; since?: PushesSince; listen?: (socket: Socket) => void } = {}): Promise<Socket> {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    extraHeaders: auth.as ? { cookie: auth.as.header() } : undefined,
    auth: { ...(auth.apiKey ? { token: auth.apiKey } : {}), ...(auth.since ? { since: auth.since } : {}) },
    reconnection: false,
    forceNew: true,
    autoConnect: false,
  });
  auth.listen?.(socket);
  socket.connect();
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The server joins rooms after its async identification: a round trip makes sure that is done.
  await socket.timeout(5000).emitWithAck('subscribe', { room: 'everyone' });
  return socket;
}

/** Resolves with the next message of that name (that `matches`, if given), or rejects after `ms`. */
export function nextMessage<N extends ClientEventName>(
  socket: Socket,
  name: N,
  matches: (payload: ClientEventMap[N]) => boolean = () => true,
  ms = 5000,
): Promise<ClientEventMap[N]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name, onMessage as never);
      reject(new Error(`No matching ${name} within ${ms} ms`));
    }, ms);
    const onMessage = (payload: ClientEventMap[N]) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(name, onMessage as never);
      resolve(payload);
    };
    socket.on(name, onMessage as never);
  });
}

/** Collects every message of that name, to assert how many arrived. */
export function collectMessages<N extends ClientEventName>(socket: Socket, name: N): ClientEventMap[N][] {
  const received: ClientEventMap[N][] = [];
  socket.on(name, ((payload: ClientEventMap[N]) => received.push(payload)) as never);
  return received;
}

export function subscribe(socket: Socket, room: string, since?: PushesSince): Promise<SubscribeAck> {
  return socket.timeout(5000).emitWithAck('subscribe', since ? { room, since } : { room });
}

/**
 * `connectSocket` for one test file, whose sockets are all closed after each test (call it in the
 * `describe` body: it registers the `afterEach`).
 */
export function socketsClosedAfterEach(): typeof connectSocket {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  return async (...args) => {
    const socket = await connectSocket(...args);
    sockets.push(socket);
    return socket;
  };
}
