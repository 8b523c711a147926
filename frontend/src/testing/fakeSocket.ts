import type { SubscribeAck } from '@paddock/contracts/client-events.js';
import type { Socket } from 'socket.io-client';

/** A stand-in for the socket.io-client socket: the test plays the server (connects, drops, pushes). */
export class FakeSocket {
  connected = false;
  readonly emitted: { name: string; payload: unknown }[] = [];
  /** Set by the client: its handshake's `auth` (an object, or a function asked at each connection attempt). */
  auth: Record<string, unknown> | ((send: (auth: Record<string, unknown>) => void) => void) = {};
  /** The `auth` of each handshake, in order. */
  readonly handshakes: Record<string, unknown>[] = [];
  /** What the server answers each subscribe (`missed` as the test sets it). */
  subscribeAck: SubscribeAck = { ok: true };
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  private anyHandlers: ((name: string, payload: unknown) => void)[] = [];

  on(name: string, handler: (...args: unknown[]) => void): this {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
    return this;
  }
  onAny(handler: (name: string, payload: unknown) => void): this {
    this.anyHandlers.push(handler);
    return this;
  }
  offAny(): this {
    this.anyHandlers = [];
    return this;
  }
  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }
  emit(name: string, payload: unknown, ack?: (answer: unknown) => void): this {
    this.emitted.push({ name, payload });
    ack?.(name === 'subscribe' ? this.subscribeAck : { ok: true });
    return this;
  }
  connect(): this {
    this.serverAccepts();
    return this;
  }
  disconnect(): this {
    this.connected = false;
    return this;
  }

  /** The server side: the connection is up (again). */
  serverAccepts(): void {
    if (typeof this.auth === 'function') this.auth((auth) => this.handshakes.push(auth));
    else this.handshakes.push(this.auth);
    this.connected = true;
    for (const handler of this.handlers.get('connect') ?? []) handler();
  }
  /** The server side: the connection dropped. */
  drop(): void {
    this.connected = false;
  }
  /** The server side: a message to this socket. */
  push(name: string, payload: unknown): void {
    for (const handler of this.handlers.get(name) ?? []) handler(payload);
    for (const handler of this.anyHandlers) handler(name, payload);
  }

  asSocket(): Socket {
    return this as unknown as Socket;
  }
}
