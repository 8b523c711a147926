import { Body, Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { RaceLineupDto, RaceLineupsDto } from '../../contracts/race-lineups.js';
import { RaceLineupBody, RaceLineupParams, RaceParams } from './dto/race-lineup.dto.js';
import { RaceLineupsService } from './race-lineups.service.js';

/**
 * Line-ups per race of a TEAM or LVL event. Signed-in callers; the service lets in organizers and
 * team captains (their own teams, until the line-up lock) and refuses everyone else with 403.
 */
@ApiTags('events')
@Controller()
export class RaceLineupsController {
  constructor(private readonly lineups: RaceLineupsService) {}

  /** Each entered team's drivers for the race, marked `EVENT` (its event entry) or `RACE` (set for this race). */
  @Endpoint('GET /events/:id/races/:race/lineups')
  list(@Param() { id, race }: RaceParams, @CurrentPrincipal() principal: Principal): Promise<RaceLineupsDto> {
    return this.lineups.list(principal, id, race);
  }

  /** The team's drivers for this race, among its drivers entered in the event, within the team size. */
  @Endpoint('PUT /events/:id/races/:race/lineups/:team')
  set(@Param() { id, race, team }: RaceLineupParams, @Body() body: RaceLineupBody, @CurrentPrincipal() principal: Principal): Promise<RaceLineupDto> {
    return this.lineups.set(principal, id, race, team, body.profileIds);
  }

  /** The team races this race with its event entry again. */
  @Endpoint('DELETE /events/:id/races/:race/lineups/:team')
  reset(@Param() { id, race, team }: RaceLineupParams, @CurrentPrincipal() principal: Principal): Promise<void> {
    return this.lineups.reset(principal, id, race, team);
  }
}
