import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/index.js';
import { ImagesModule } from '../images/index.js';
import { ProfilesModule } from '../profiles/index.js';
import { TeamsModule } from '../teams/index.js';
import { CompetitionsController } from './competitions.controller.js';
import { CompetitionsHandlers } from './competitions.handlers.js';
import { COMPETITION_RESOLVERS } from './competitions.resolver.js';
import { CompetitionsService } from './competitions.service.js';
import { DriverRecordController } from './driver-record.controller.js';
import { DriverRecordHandlers } from './driver-record.handlers.js';
import { DriverRecordResolver } from './driver-record.resolver.js';
import { DriverRecordService } from './driver-record.service.js';
import { LiveDraftsService } from './live-drafts.service.js';
import { ResultImportService } from './result-import.service.js';
import { ResultsReader } from './results.reader.js';
import { ResultsService } from './results.service.js';
import { SeasonRoomPolicy } from './season-room.policy.js';
import { SeasonsController } from './seasons.controller.js';
import { SeasonsService } from './seasons.service.js';
import { StandingsService } from './standings.service.js';

/** Competition groups, competitions, seasons with their rounds and points systems, results with revisions, standings (recomputed by the worker, pushed live), and drivers' results and stats on their profiles. */
@Module({
  imports: [CatalogueModule, ImagesModule, ProfilesModule, TeamsModule],
  controllers: [CompetitionsController, SeasonsController, DriverRecordController],
  providers: [
    CompetitionsService,
    SeasonsService,
    ResultsService,
    ResultsReader,
    ResultImportService,
    LiveDraftsService,
    StandingsService,
    DriverRecordService,
    DriverRecordResolver,
    DriverRecordHandlers,
    CompetitionsHandlers,
    SeasonRoomPolicy,
    ...COMPETITION_RESOLVERS,
  ],
  // The gateway asks who may be in `season:<id>`.
  exports: [SeasonRoomPolicy, SeasonsService, CompetitionsService, StandingsService, ResultsService, LiveDraftsService, DriverRecordService],
})
export class CompetitionsModule {}
