import { Module } from '@nestjs/common';
import { LiveRoomPolicy } from './live-room.policy.js';
import { TimingController } from './timing.controller.js';
import { TimingHandlers } from './timing.handlers.js';
import { TimingSourcesService } from './timing-sources.service.js';
import { TimingStore } from './timing-store.js';

/** Live timing (issue #26): races' timing sources, their live timing and incidents; `live:<raceId>` rooms. */
@Module({
  controllers: [TimingController],
  providers: [TimingStore, TimingSourcesService, TimingHandlers, LiveRoomPolicy],
  exports: [TimingStore, LiveRoomPolicy],
})
export class TimingModule {}
