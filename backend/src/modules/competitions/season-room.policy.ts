import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import type { RoomPolicy } from '../../infra/realtime/room-policy.js';

/** `season:<id>` (a season's live standings) is open to everyone, visitors too: standings are public. */
@Injectable()
export class SeasonRoomPolicy implements RoomPolicy {
  readonly kind = 'season';

  mayJoin(_principal: Principal | null, _id: number): Promise<boolean> {
    return Promise.resolve(true);
  }
}
