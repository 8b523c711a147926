import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { RESYNC, SESSION_CHANGED, SUBSCRIBE, UNSUBSCRIBE, type ClientEventMap, type SubscribeAck } from '../../contracts/client-events.js';
import type { Principal } from '../../common/principal.js';
import { ROLE_FLAGS } from '../../contracts/roles.js';
import { PushLog } from './push-log.js';
import { ROOM_POLICIES, type ClientMessage, type RoomPolicy } from './room-policy.js';
import { automaticRooms, mayJoin, REVALIDATE_SOCKETS, sessionRoom, type PolicyRoom, type RevalidateRequest } from './rooms.js';
import { SOCKET_IDENTITY, type SocketCredential, type SocketIdentification, type SocketIdentity } from './socket-identity.js';

const MAX_ROOMS = 50;
const REQUEST_WINDOW_MS = 10_000;
const MAX_REQUESTS_PER_WINDOW = 100;
/** Expiry timers fire at most this far ahead (setTimeout's range), then re-read and wait again. */
const MAX_TIMER_MS = 24 * 3_600_000;
/** Past the expiry, so the session store has surely dropped the session when the timer re-reads it. */
const EXPIRY_MARGIN_MS = 50;

interface SocketState {
  principal: Principal | null;
  credential: SocketCredential | null;
  requests: number[];
  /** Rooms the client asked for and has not left, allowed or not: re-checked whenever the socket is identified again. */
  wanted: Set<string>;
  expiryTimer?: NodeJS.Timeout;
  /** Joins and re-identifications of this socket run one after the other. */
  queue: Promise<unknown>;
  /** The page's first connection, sent with `auth.since`: whether its starting rooms had a message since (it is then told to resync). */
  missedBeforeConnect: boolean;
}

type ServerToClient = { [N in keyof ClientEventMap]: (payload: ClientEventMap[N]) => void };
type PaddockSocket = Socket<Record<string, never>, ServerToClient, Record<string, never>, SocketState>;

/**
 * The browser's live connection. The session cookie (or `auth.token` = an API key) decides who the
 * socket is; it starts in `everyone` (and its user room) and may join further rooms its role flags
 * allow. Unknown or forbidden rooms, malformed requests and floods are refused without a crash.
 *
 * Sockets follow the session: after a logout (the session's room), a role change (the user's room),
 * or when the session expires (a timer per socket), the socket is identified again from what it was
 * identified by, leaves the rooms it may no longer be in, joins those it asked for and may be in
 * now, and gets `session.changed`.
 *
 * A page's first connection and its joins say where the page stands (`since`, see PushLog): the socket
 * is told to resync, or the join's ack says `missed`, only when a message may have been missed since.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly policies: Map<string, RoomPolicy>;

  @WebSocketServer()
  server!: Server;

  constructor(
    @Inject(SOCKET_IDENTITY) private readonly identity: SocketIdentity,
    @Inject(ROOM_POLICIES) policies: RoomPolicy[],
    private readonly pushLog: PushLog,
  ) {
    this.policies = new Map(policies.map((policy) => [policy.kind, policy]));
  }

  /** Identifies each socket during the handshake; a socket with an invalid API key never connects. */
  afterInit(server: Server): void {
    server.use((socket, next) => {
      const paddockSocket = socket as PaddockSocket;
      this.identify(paddockSocket)
        .then(
          (identification) => {
            paddockSocket.data.principal = identification.principal;
            paddockSocket.data.credential = identification.credential;
            paddockSocket.data.requests = [];
            paddockSocket.data.wanted = new Set();
            paddockSocket.data.queue = Promise.resolve();
            this.scheduleExpiry(paddockSocket, identification.expiresAt);
            // Joined before the client hears `connect`: a message sent after that reaches it (Socket.IO ≥ 4.8 keeps middleware joins).
            return this.joinStartingRooms(paddockSocket);
          },
          (error: Error) => {
            this.logger.debug(`Socket refused: ${error.message}`);
            throw new Error('Unauthorized');
          },
        )
        .then(
          () => next(),
          (error: Error) => next(error),
        );
    });
    // From any process, through the Redis adapter: re-identify this instance's sockets in the room.
    (server as unknown as { on(event: string, listener: (request: RevalidateRequest) => void): void }).on(REVALIDATE_SOCKETS, (request) => {
      if (typeof request?.room === 'string') this.revalidateRoom(request.room);
    });
  }

  handleConnection(socket: PaddockSocket): void {
    // Disconnected during the handshake's identification: its timer must not outlive it.
    if (socket.disconnected) return this.handleDisconnect(socket);
    if (socket.data.missedBeforeConnect) socket.emit(RESYNC, {});
  }

  /**
   * Joins the socket's starting rooms; for a page's first connection (sent with `since`), then notes
   * whether they had a message since the page was served — checked after the join, so any later one reaches the socket.
   */
  private async joinStartingRooms(socket: PaddockSocket): Promise<void> {
    const rooms = this.startingRooms(socket);
    await socket.join(rooms);
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    socket.data.missedBeforeConnect = !!auth && 'since' in auth && (await this.pushLog.missedSince(auth.since, rooms));
  }

  private startingRooms(socket: PaddockSocket): string[] {
    const credential = socket.data.credential;
    return [...automaticRooms(socket.data.principal), ...(credential?.kind === 'session' ? [sessionRoom(credential.sessionId)] : [])];
  }

  handleDisconnect(socket: PaddockSocket): void {
    clearTimeout(socket.data.expiryTimer);
    socket.data.expiryTimer = undefined;
  }

  @SubscribeMessage(SUBSCRIBE)
  async subscribe(@ConnectedSocket() socket: PaddockSocket, @MessageBody() body: unknown): Promise<SubscribeAck> {
    const room = this.requestedRoom(socket, body);
    if (typeof room !== 'string') return room;
    return this.exclusive(socket, async () => {
      const rule = mayJoin(room, socket.data.principal);
      if (rule === false && !this.mayBeAllowedLater(room)) return { ok: false, error: `Not allowed to join ${room}` };
      if (!socket.data.wanted.has(room) && socket.data.wanted.size >= MAX_ROOMS) return { ok: false, error: 'Too many rooms' };
      socket.data.wanted.add(room);
      if (!(await this.allowed(rule, socket.data.principal))) return { ok: false, error: `Not allowed to join ${room}` };
      // Sent before the join, so every message of the room reaches the socket after it.
      const welcome = typeof rule === 'boolean' ? [] : await this.welcome(rule);
      for (const message of welcome) socket.emit(message.name, message.payload as never);
      await socket.join(room);
      return 'since' in (body as object) ? { ok: true, missed: await this.pushLog.missedSince((body as { since: unknown }).since, [room]) } : { ok: true };
    });
  }

  @SubscribeMessage(UNSUBSCRIBE)
  async unsubscribe(@ConnectedSocket() socket: PaddockSocket, @MessageBody() body: unknown): Promise<SubscribeAck> {
    const room = this.requestedRoom(socket, body);
    if (typeof room !== 'string') return room;
    return this.exclusive(socket, async () => {
      if (automaticRooms(socket.data.principal).includes(room as never)) return { ok: false, error: `${room} cannot be left` };
      // Only rooms joined on request: the socket's own and session rooms are the server's.
      if (socket.data.wanted.delete(room)) await socket.leave(room);
      return { ok: true };
    });
  }

  /** Connected sockets on this instance (for metrics). */
  connectedCount(): number {
    return this.server?.engine.clientsCount ?? 0;
  }

  /** Re-identifies every socket of this instance in `room` (the others do theirs on the same request). */
  revalidateRoom(room: string): void {
    const ids = this.server?.sockets.adapter.rooms.get(room);
    for (const id of ids ?? []) {
      const socket = this.server.sockets.sockets.get(id) as PaddockSocket | undefined;
      if (socket) void this.revalidate(socket);
    }
  }

  /**
   * Identifies the socket again and moves it to the rooms it may be in now; tells the client when who
   * it is changed. A socket whose API key was revoked is disconnected, as it could not connect now.
   */
  revalidate(socket: PaddockSocket): Promise<void> {
    return this.exclusive(socket, async () => {
      if (socket.disconnected) return;
      const before = socket.data.principal;
      let identification: SocketIdentification;
      try {
        identification = socket.data.credential ? await this.identity.reidentify(socket.data.credential) : { principal: null, credential: null, expiresAt: null };
      } catch (error) {
        this.logger.debug(`Socket disconnected on revalidation: ${(error as Error).message}`);
        socket.disconnect(true);
        return;
      }
      const principal = identification.principal;
      socket.data.principal = principal;
      const keep = new Set<string>([socket.id, ...this.startingRooms(socket)]);
      for (const room of socket.data.wanted) {
        if (await this.allowed(mayJoin(room, principal), principal)) keep.add(room);
      }
      for (const room of [...socket.rooms]) if (!keep.has(room)) await socket.leave(room);
      await socket.join([...keep].filter((room) => !socket.rooms.has(room)));
      this.scheduleExpiry(socket, identification.expiresAt);
      if (!samePrincipal(before, principal)) socket.emit(SESSION_CHANGED, { signedIn: principal !== null });
    });
  }

  private scheduleExpiry(socket: PaddockSocket, expiresAt: number | null): void {
    clearTimeout(socket.data.expiryTimer);
    socket.data.expiryTimer = undefined;
    if (expiresAt === null) return;
    const delay = Math.min(Math.max(expiresAt - Date.now(), 0) + EXPIRY_MARGIN_MS, MAX_TIMER_MS);
    socket.data.expiryTimer = setTimeout(() => void this.revalidate(socket), delay);
    socket.data.expiryTimer.unref();
  }

  private async allowed(rule: ReturnType<typeof mayJoin>, principal: Principal | null): Promise<boolean> {
    if (typeof rule === 'boolean') return rule;
    const policy = this.policies.get(rule.kind);
    if (!policy) return false;
    try {
      return await policy.mayJoin(principal, rule.id);
    } catch (error) {
      this.logger.warn(`Room policy ${rule.kind} failed: ${(error as Error).message}`);
      return false;
    }
  }

  /** What the room's policy gives a socket joining it (a failure only costs the welcome). */
  private async welcome(room: PolicyRoom): Promise<ClientMessage[]> {
    const policy = this.policies.get(room.kind);
    if (!policy?.welcome) return [];
    try {
      return await policy.welcome(room.id);
    } catch (error) {
      this.logger.warn(`Room policy ${room.kind} failed to welcome: ${(error as Error).message}`);
      return [];
    }
  }

  /** Rooms a new role may open: remembered when refused, joined once allowed. */
  private mayBeAllowedLater(room: string): boolean {
    return room.startsWith('flag:') && (ROLE_FLAGS as readonly string[]).includes(room.slice('flag:'.length));
  }

  private exclusive<T>(socket: PaddockSocket, work: () => Promise<T>): Promise<T> {
    const run = socket.data.queue.then(work, work);
    socket.data.queue = run.catch(() => undefined);
    return run;
  }

  private requestedRoom(socket: PaddockSocket, body: unknown): string | SubscribeAck {
    const now = Date.now();
    socket.data.requests = socket.data.requests.filter((at) => now - at < REQUEST_WINDOW_MS);
    socket.data.requests.push(now);
    if (socket.data.requests.length > MAX_REQUESTS_PER_WINDOW) {
      socket.disconnect(true);
      return { ok: false, error: 'Too many requests' };
    }
    const room = (body as { room?: unknown } | null)?.room;
    if (typeof room !== 'string' || room.length > 64) return { ok: false, error: 'Malformed request: expected {room: string}' };
    return room;
  }

  private identify(socket: PaddockSocket): Promise<SocketIdentification> {
    return this.identity.identify({ auth: socket.handshake.auth as Record<string, unknown> | undefined, request: socket.request });
  }
}

function samePrincipal(a: Principal | null, b: Principal | null): boolean {
  if (!a || !b) return a === b;
  return a.userId === b.userId && [...a.roles].sort().join() === [...b.roles].sort().join();
}
