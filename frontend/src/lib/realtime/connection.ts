import type { Socket } from 'socket.io-client';
import { RESYNC, type ClientEventMap, type ClientEventName, type PushesSince, type SubscribeAck } from '@paddock/contracts/client-events.js';
import { pageSince } from './pageSince.js';

type Listener<N extends ClientEventName> = (payload: ClientEventMap[N]) => void;
type AnyListener = (payload: unknown) => void;

/** Opens the socket (not yet connected); replaceable in tests. */
export type SocketFactory = () => Socket | Promise<Socket>;

const openSocket: SocketFactory = async () => {
  // Downloaded when the connection first opens (after the first page has rendered), not with the entry.
  const { io } = await import('socket.io-client');
  // WebSocket only: no long-polling, so API instances need no sticky sessions.
  return io({ path: '/socket.io', transports: ['websocket'], withCredentials: true, autoConnect: false });
};

/**
 * The browser's one live connection. Features listen to typed messages, join rooms while they show
 * something (joins are counted and replayed after a reconnect), and register a resync that refetches
 * what they show when messages may have been missed — messages missed meanwhile are never silent:
 * - when the connection comes back after a drop, or is opened anew (sign-in or out);
 * - when the page's first connection opens, only if the server says a message went to its rooms since
 *   the page was served (`since`, see PushLog) — on a quiet evening the page's reads are not sent again;
 * - when the server asks (`resync`).
 */
export class RealtimeConnection {
  private socket: Socket | null = null;
  /** The socket being created by an asynchronous factory; cleared by disconnect, which discards it. */
  private opening: Promise<Socket> | null = null;
  private readonly listeners = new Map<ClientEventName, Set<AnyListener>>();
  private readonly rooms = new Map<string, number>();
  private readonly resyncs = new Set<() => void>();
  private readonly joinedListeners = new Map<string, Set<() => void>>();
  private connectedBefore = false;

  constructor(
    private readonly createSocket: SocketFactory = openSocket,
    /** Where the page stands in the league's messages (null: unknown). */
    private readonly since: () => PushesSince | null = pageSince,
  ) {}

  connect(): void {
    if (this.socket || this.opening) return;
    const created = this.createSocket();
    if (!(created instanceof Promise)) return this.open(created);
    const opening = created;
    this.opening = opening;
    opening.then(
      (socket) => {
        if (this.opening !== opening) return;
        this.opening = null;
        this.open(socket);
      },
      (error: unknown) => {
        if (this.opening === opening) this.opening = null;
        console.warn('Live updates are off: the connection could not be opened', error);
      },
    );
  }

  private open(socket: Socket): void {
    let sentSince = false;
    // Asked at each connection attempt: only the page's first connection can say where it stands.
    socket.auth = (send) => {
      const since = this.connectedBefore ? null : this.since();
      sentSince = since !== null;
      send(since ? { since } : {});
    };
    socket.on('connect', () => {
      for (const room of this.rooms.keys()) this.subscribe(socket, room);
      // Having sent where the page stands, the server says `resync` if a message may have been missed.
      if (!sentSince) this.resync();
      this.connectedBefore = true;
    });
    // The server asks for it when it may have lost messages for this socket.
    socket.on(RESYNC, () => this.resync());
    socket.onAny((name: string, payload: unknown) => {
      for (const listener of this.listeners.get(name as ClientEventName) ?? []) listener(payload);
    });
    this.socket = socket;
    socket.connect();
  }

  /** Opens a fresh connection: the server knows who a socket is from its handshake (after sign-in or out). */
  reconnect(): void {
    this.disconnect();
    this.connect();
  }

  disconnect(): void {
    this.opening = null;
    this.socket?.removeAllListeners();
    this.socket?.offAny();
    this.socket?.disconnect();
    this.socket = null;
  }

  on<N extends ClientEventName>(name: N, listener: Listener<N>): () => void {
    const listeners = this.listeners.get(name) ?? new Set<AnyListener>();
    listeners.add(listener as AnyListener);
    this.listeners.set(name, listeners);
    return () => listeners.delete(listener as AnyListener);
  }

  /**
   * Stays in `room` until the returned function is called (by every component that joined it).
   * `onJoined` runs each time the server confirms the room (after a reconnect too) unless it says no
   * message went to the room since the page was served: what was loaded before may have missed one,
   * so callers refetch it then.
   */
  join(room: string, onJoined?: () => void): () => void {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    const joined = this.joinedListeners.get(room) ?? new Set<() => void>();
    if (onJoined) joined.add(onJoined);
    this.joinedListeners.set(room, joined);
    if (count === 0 && this.socket?.connected) this.subscribe(this.socket, room);
    return () => {
      if (onJoined) joined.delete(onJoined);
      const left = (this.rooms.get(room) ?? 1) - 1;
      if (left > 0) return void this.rooms.set(room, left);
      this.rooms.delete(room);
      if (this.socket?.connected) this.socket.emit('unsubscribe', { room });
    };
  }

  onResync(resync: () => void): () => void {
    this.resyncs.add(resync);
    return () => this.resyncs.delete(resync);
  }

  private resync(): void {
    for (const resync of this.resyncs) resync();
  }

  private subscribe(socket: Socket, room: string): void {
    const since = this.since();
    socket.emit('subscribe', since ? { room, since } : { room }, (ack: SubscribeAck) => {
      if (!ack.ok) return console.warn(`Live updates for ${room} refused: ${ack.error}`);
      // No message went to the room since the page was served: what it loaded is current.
      if (ack.missed === false) return;
      for (const onJoined of this.joinedListeners.get(room) ?? []) onJoined();
    });
  }
}

export const realtime = new RealtimeConnection();
