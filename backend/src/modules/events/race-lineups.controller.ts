import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/access.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { RaceLineupDto, RaceLineupsDto } from '../../contracts/race-lineups.js';
import { RaceLineupBody, RaceLineupParams, RaceParams } from './dto/race-lineup.dto.js';
import { RaceLineupsService } from './race-lineups.service.js';

/**
 * Line-ups per race of a TEAM or LVL event. Signed-in callers; the service lets in organizers and
 * team captains (their own teams, until the line-up lock) and refuses everyone else with 403.
 */
@ApiTags('events')
@Controller('events/:id/races/:race/lineups')
export class RaceLineupsController {
  constructor(private readonly lineups: RaceLineupsService) {}

  /** Each entered team's drivers for the race, marked `EVENT` (its event entry) or `RACE` (set for this race). */
  @Get()
  @Access('signedIn')
  list(@Param() { id, race }: RaceParams, @CurrentPrincipal() principal: Principal): Promise<RaceLineupsDto> {
    return this.lineups.list(principal, id, race);
  }

  /** The team's drivers for this race, among its drivers entered in the event, within the team size. */
  @Put(':team')
  @Access('signedIn')
  set(@Param() { id, race, team }: RaceLineupParams, @Body() body: RaceLineupBody, @CurrentPrincipal() principal: Principal): Promise<RaceLineupDto> {
    return this.lineups.set(principal, id, race, team, body.profileIds);
  }

  /** The team races this race with its event entry again. */
  @Delete(':team')
  @Access('signedIn')
  @HttpCode(204)
  @ApiNoContentResponse()
  reset(@Param() { id, race, team }: RaceLineupParams, @CurrentPrincipal() principal: Principal): Promise<void> {
    return this.lineups.reset(principal, id, race, team);
  }
}
