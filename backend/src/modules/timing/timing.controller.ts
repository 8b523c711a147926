import { Body, Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import type { LiveIncident, LiveTiming, TimingSourceDto } from '../../contracts/timing.js';
import { RaceIdParam, TimingSourceBody } from './dto/timing.dto.js';
import { TimingSourcesService } from './timing-sources.service.js';

/** Live timing (issue #26): a race's timing source, its live timing and the incidents its source reported. */
@ApiTags('timing')
@Controller()
export class TimingController {
  constructor(private readonly sources: TimingSourcesService) {}

  @Endpoint('GET /races/:raceId/timing-source')
  source(@Param() { raceId }: RaceIdParam): Promise<TimingSourceDto> {
    return this.sources.source(raceId);
  }

  /** Connects the race to its game server's timing, or changes the connection; the worker (re)connects within a second. */
  @Endpoint('PUT /races/:raceId/timing-source')
  save(@Param() { raceId }: RaceIdParam, @Body() body: TimingSourceBody): Promise<TimingSourceDto> {
    return this.sources.save(raceId, body);
  }

  @Endpoint('DELETE /races/:raceId/timing-source')
  remove(@Param() { raceId }: RaceIdParam): Promise<void> {
    return this.sources.remove(raceId);
  }

  @Endpoint('GET /races/:raceId/timing')
  timing(@Param() { raceId }: RaceIdParam): Promise<LiveTiming> {
    return this.sources.timing(raceId);
  }

  @Endpoint('GET /races/:raceId/incidents')
  incidents(@Param() { raceId }: RaceIdParam): Promise<LiveIncident[]> {
    return this.sources.incidents(raceId);
  }
}
