import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/index.js';
import { ImagesModule } from '../images/index.js';
import { ProfilesModule } from '../profiles/index.js';
import { TeamsModule } from '../teams/index.js';
import { AttendanceService } from './attendance.service.js';
import { EventAnnouncements } from './event-announcements.js';
import { EventRoomPolicy } from './event-room.policy.js';
import { EventsController, LiveController, VideosController } from './events.controller.js';
import { EventsHandlers } from './events.handlers.js';
import { EventsResolver } from './events.resolver.js';
import { EventsService } from './events.service.js';
import { LiveService } from './live.service.js';
import { RaceLineupsController } from './race-lineups.controller.js';
import { RaceLineupsService } from './race-lineups.service.js';
import { VideosService } from './videos.service.js';

/** Events with their races, attendance (seats held by the database), publishing and announcements, the live event, videos. */
@Module({
  imports: [CatalogueModule, ImagesModule, ProfilesModule, TeamsModule],
  // VideosController first: its fixed `events/youtube/...` paths must win over `events/:id/...`.
  controllers: [VideosController, EventsController, LiveController, RaceLineupsController],
  providers: [EventsService, AttendanceService, RaceLineupsService, LiveService, VideosService, EventAnnouncements, EventsHandlers, EventRoomPolicy, EventsResolver],
  // Drivers' public profiles list the events they entered; the gateway asks who may be in `event:<id>`.
  exports: [AttendanceService, EventRoomPolicy, EventsService],
})
export class LeagueEventsModule {}
