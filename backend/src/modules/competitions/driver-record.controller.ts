import { Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { Caller, type Principal } from '../../common/principal.js';
import type { SeasonResultsDto, StatsSummaryDto } from '../../contracts/profiles.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { ProfileIdParam } from '../profiles/index.js';
import { DRIVER_RECORD_READS, DriverRecordService } from './driver-record.service.js';

/** The owner (and organizers) see a hidden profile: signed-in callers read the database. */
const signedIn = (principal: Principal | undefined) => !!principal;

/** A driver's results and stats on their public profile, computed from posted results (the profiles module cannot read competitions: it lives here). */
@ApiTags('profiles')
@Controller()
export class DriverRecordController {
  constructor(private readonly records: DriverRecordService) {}

  /** The driver's rounds by season, newest season first: finishing position and points of each. */
  @Endpoint('GET /profile/:id/results')
  @CachedRead(DRIVER_RECORD_READS, { bypass: signedIn })
  results(@Param() { id }: ProfileIdParam, @Caller() viewer?: Principal): Promise<SeasonResultsDto[]> {
    return this.records.results(id, viewer);
  }

  /** Starts, wins, podiums, poles, fastest laps, DNFs, average finish and points, from the latest results. */
  @Endpoint('GET /profile/:id/stats-summary')
  @CachedRead(DRIVER_RECORD_READS, { bypass: signedIn })
  stats(@Param() { id }: ProfileIdParam, @Caller() viewer?: Principal): Promise<StatsSummaryDto> {
    return this.records.stats(id, viewer);
  }
}
