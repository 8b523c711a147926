import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import type { ClientMessage, RoomPolicy } from '../../infra/realtime/room-policy.js';
import { TimingStore } from './timing-store.js';

/** `live:<raceId>` (a race's live timing) is open to everyone; a socket joining gets the whole timing as it is now, and the latest standings projection. */
@Injectable()
export class LiveRoomPolicy implements RoomPolicy {
  readonly kind = 'live';

  constructor(private readonly store: TimingStore) {}

  mayJoin(_principal: Principal | null, _id: number): Promise<boolean> {
    return Promise.resolve(true);
  }

  async welcome(raceId: number): Promise<ClientMessage[]> {
    const [timing, standings] = await Promise.all([this.store.timing(raceId), this.store.standings(raceId)]);
    return [
      ...(timing ? [{ name: 'live.frame', payload: { kind: 'snapshot', timing } } as const] : []),
      ...(standings ? [{ name: 'live.standings', payload: standings } as const] : []),
    ];
  }
}
