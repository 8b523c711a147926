import type { Principal } from '../../common/principal.js';
import type { ClientEventMap, ClientEventName } from '../../contracts/client-events.js';

/** One message to one socket. */
export type ClientMessage = { [N in ClientEventName]: { name: N; payload: ClientEventMap[N] } }[ClientEventName];

/**
 * Who may be in rooms whose access depends on domain data (`event:<id>` on whether the user may see
 * that event). Realtime knows no domain: a module provides the policy (see RealtimeModule.forApp),
 * and the gateway asks it on every join and whenever it re-identifies a socket.
 */
export interface RoomPolicy {
  /** The room kind it decides: `event` for `event:<id>`. */
  readonly kind: string;
  mayJoin(principal: Principal | null, id: number): Promise<boolean>;
  /** What a socket that just joined the room gets at once (a live race's whole timing), in order; none: nothing. */
  welcome?(id: number): Promise<ClientMessage[]>;
}

export const ROOM_POLICIES = Symbol('ROOM_POLICIES');
