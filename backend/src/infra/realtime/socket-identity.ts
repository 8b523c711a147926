import type { IncomingMessage } from 'node:http';
import type { Principal } from '../../common/principal.js';

/** What the gateway knows of a connecting socket: its `auth` payload and the handshake request (after the session middlewares). */
export interface SocketHandshake {
  auth: Record<string, unknown> | undefined;
  request: IncomingMessage;
}

/**
 * What a socket was identified by, kept for the socket's life so it can be identified again (after a
 * logout, a role change or when its session expires). Opaque to realtime except for the session id,
 * which names the socket's `session:<hash>` room.
 */
export type SocketCredential = { kind: 'session'; sessionId: string } | { kind: 'apiKey'; key: string };

export interface SocketIdentification {
  principal: Principal | null;
  /** Null for a visitor: there is nothing to identify again. */
  credential: SocketCredential | null;
  /** When this identity ends unless renewed (a session's idle or absolute expiry, epoch ms); null: never by time. */
  expiresAt: number | null;
}

/**
 * Who a connecting socket is. Realtime knows no domain: the auth module provides this (session
 * cookie or `auth.token` API key, as for HTTP). Throws to refuse the socket (e.g. an invalid key).
 */
export interface SocketIdentity {
  identify(handshake: SocketHandshake): Promise<SocketIdentification>;
  /**
   * Who the socket is now, from what it was identified by: the session as the store holds it now
   * (ended, expired or signed out: a visitor), the API key's owner (revoked: throws), fresh roles.
   */
  reidentify(credential: SocketCredential): Promise<SocketIdentification>;
}

export const SOCKET_IDENTITY = Symbol('SOCKET_IDENTITY');
