import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { PushLog } from './push-log.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { ROOM_POLICIES, type RoomPolicy } from './room-policy.js';

/** The Socket.IO gateway and the push log pages are served with (API instances only); global so operations can count its sockets. */
@Module({})
export class RealtimeModule {
  /**
   * Realtime imports no domain module itself: `identity` is the module that provides SOCKET_IDENTITY
   * (the auth module); `roomPolicies` the RoomPolicy providers (exported by their `modules`).
   */
  static forApp(options: {
    identity: Type<unknown> | DynamicModule;
    roomPolicies?: { modules: (Type<unknown> | DynamicModule)[]; policies: Type<RoomPolicy>[] };
  }): DynamicModule {
    const policies = options.roomPolicies?.policies ?? [];
    return {
      module: RealtimeModule,
      global: true,
      imports: [options.identity, ...(options.roomPolicies?.modules ?? [])],
      providers: [RealtimeGateway, PushLog, { provide: ROOM_POLICIES, inject: policies, useFactory: (...instances: RoomPolicy[]) => instances }],
      exports: [RealtimeGateway, PushLog],
    };
  }
}
