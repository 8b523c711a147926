import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { SUBSCRIBE, UNSUBSCRIBE, type SubscribeAck } from '../../contracts/client-events.js';
import type { Principal } from '../../common/principal.js';
import type { SessionUser } from '../../modules/auth/discord.strategy.js';
import { PrincipalResolver } from '../../modules/auth/principal-resolver.js';
import { automaticRooms, mayJoin } from './rooms.js';

const MAX_ROOMS = 50;
const REQUEST_WINDOW_MS = 10_000;
const MAX_REQUESTS_PER_WINDOW = 100;

interface SocketState {
  principal: Principal | null;
  requests: number[];
}

type PaddockSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketState>;

/**
 * The browser's live connection. The session cookie (or `auth.token` = an API key) decides who the
 * socket is; it starts in `everyone` (and its user room) and may join further rooms its role flags
 * allow. Unknown or forbidden rooms, malformed requests and floods are refused without a crash.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: Server;

  constructor(
    private readonly orm: MikroORM,
    private readonly principals: PrincipalResolver,
  ) {}

  /** Identifies each socket during the handshake; a socket with an invalid API key never connects. */
  afterInit(server: Server): void {
    server.use((socket, next) => {
      const paddockSocket = socket as PaddockSocket;
      this.identify(paddockSocket).then(
        (principal) => {
          paddockSocket.data.principal = principal;
          paddockSocket.data.requests = [];
          next();
        },
        (error: Error) => {
          this.logger.debug(`Socket refused: ${error.message}`);
          next(new Error('Unauthorized'));
        },
      );
    });
  }

  async handleConnection(socket: PaddockSocket): Promise<void> {
    await socket.join(automaticRooms(socket.data.principal));
  }

  @SubscribeMessage(SUBSCRIBE)
  async subscribe(@ConnectedSocket() socket: PaddockSocket, @MessageBody() body: unknown): Promise<SubscribeAck> {
    const room = this.requestedRoom(socket, body);
    if (typeof room !== 'string') return room;
    if (!mayJoin(room, socket.data.principal)) return { ok: false, error: `Not allowed to join ${room}` };
    if (!socket.rooms.has(room) && socket.rooms.size >= MAX_ROOMS) return { ok: false, error: 'Too many rooms' };
    await socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage(UNSUBSCRIBE)
  async unsubscribe(@ConnectedSocket() socket: PaddockSocket, @MessageBody() body: unknown): Promise<SubscribeAck> {
    const room = this.requestedRoom(socket, body);
    if (typeof room !== 'string') return room;
    if (automaticRooms(socket.data.principal).includes(room as never)) return { ok: false, error: `${room} cannot be left` };
    await socket.leave(room);
    return { ok: true };
  }

  /** Connected sockets on this instance (for metrics). */
  connectedCount(): number {
    return this.server?.engine.clientsCount ?? 0;
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

  private identify(socket: PaddockSocket): Promise<Principal | null> {
    return RequestContext.create(this.orm.em, () => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token === 'string' && token) return this.principals.forApiKey(token);
      const user = (socket.request as { user?: SessionUser }).user;
      return this.principals.forSession(user?.id);
    });
  }
}
