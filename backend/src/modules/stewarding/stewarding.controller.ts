import { Body, Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { IdParam } from '../../common/dto-fields.js';
import { PageQuery } from '../../common/pagination.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { Page } from '../../contracts/api.js';
import type { LicenceDto, RaceStewardingDto, SafetyCarDecisionDto, StewardingSettingsDto, TicketDto, TicketListItemDto } from '../../contracts/stewarding.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { SeasonParam } from '../competitions/index.js';
import { AppealBody, DecisionBody, StatementBody, StewardingSettingsBody, ThreadMessageBody, TicketBody, TicketQuery } from './dto/stewarding.dto.js';
import { MY_TICKET_READS, STEWARDING_READS } from './stewarding.reads.js';
import { StewardingService } from './stewarding.service.js';

/** Incident tickets: drivers file and answer them, stewards discuss, vote and decide, parties appeal. */
@ApiTags('stewarding')
@Controller()
export class TicketsController {
  constructor(private readonly stewarding: StewardingService) {}

  /** Files a ticket about an incident of a race the caller drove in, inside the season's filing window (409 outside it, saying the window). */
  @Endpoint('POST /tickets')
  file(@Body() body: TicketBody, @CurrentPrincipal() principal: Principal): Promise<TicketDto> {
    return this.stewarding.file(principal, body);
  }

  /** The steward queue: tickets by state, season and race, newest first. */
  @Endpoint('GET /tickets')
  list(@Query() query: TicketQuery): Promise<Page<TicketListItemDto>> {
    return this.stewarding.list(query);
  }

  /** The caller's tickets (filed by or against them) and their state, for the profile. */
  @Endpoint('GET /tickets/mine')
  @CachedRead(MY_TICKET_READS, { perCaller: true })
  mine(@Query() page: PageQuery, @CurrentPrincipal() principal: Principal): Promise<Page<TicketListItemDto>> {
    return this.stewarding.mine(principal, page);
  }

  /** The ticket: stewards see the internal thread, votes (once they voted) and the audit; its drivers the public parts. */
  @Endpoint('GET /tickets/:id')
  ticket(@Param() { id }: IdParam, @CurrentPrincipal() principal: Principal): Promise<TicketDto> {
    return this.stewarding.ticket(id, principal);
  }

  /** A driver of the ticket adds their statement and evidence, inside the filing window. */
  @Endpoint('POST /tickets/:id/statements')
  statement(@Param() { id }: IdParam, @Body() body: StatementBody, @CurrentPrincipal() principal: Principal): Promise<TicketDto> {
    return this.stewarding.addStatement(principal, id, body);
  }

  /** A message in the stewards' internal thread. */
  @Endpoint('POST /tickets/:id/messages')
  message(@Param() { id }: IdParam, @Body() body: ThreadMessageBody, @CurrentPrincipal() principal: Principal): Promise<TicketDto> {
    return this.stewarding.addMessage(principal, id, body.text);
  }

  /** The caller's vote in the current round (again: replaces it); 403 for a steward involved in the race. */
  @Endpoint('POST /tickets/:id/votes')
  vote(@Param() { id }: IdParam, @Body() body: DecisionBody, @CurrentPrincipal() principal: Principal): Promise<TicketDto> {
    return this.stewarding.vote(principal, id, body);
  }

  /** Decides the current round (the majority of votes agreeing, or the head steward); deciding again replaces the earlier outcomes and their effect. */
  @Endpoint('POST /tickets/:id/decision')
  decide(@Param() { id }: IdParam, @Body() body: DecisionBody, @CurrentPrincipal() principal: Principal): Promise<TicketDto> {
    return this.stewarding.decide(principal, id, body);
  }

  /** A driver of the ticket appeals its decision, inside the appeal window; stewards who did not decide hear it. */
  @Endpoint('POST /tickets/:id/appeal')
  appeal(@Param() { id }: IdParam, @Body() body: AppealBody, @CurrentPrincipal() principal: Principal): Promise<TicketDto> {
    return this.stewarding.appeal(principal, id, body);
  }
}

/** A season's stewarding settings (filing window, panel, appeals, licence thresholds). */
@ApiTags('stewarding')
@Controller()
export class StewardingSettingsController {
  constructor(private readonly stewarding: StewardingService) {}

  @Endpoint('GET /seasons/:season/stewarding')
  settings(@Param() { season }: SeasonParam): Promise<StewardingSettingsDto> {
    return this.stewarding.settings(season);
  }

  @Endpoint('PUT /seasons/:season/stewarding')
  save(@Param() { season }: SeasonParam, @Body() body: StewardingSettingsBody, @CurrentPrincipal() organizer: Principal): Promise<StewardingSettingsDto> {
    return this.stewarding.saveSettings(organizer, season, body);
  }
}

/** What the league publishes of stewarding: decisions of current seasons, and a driver's licence points. */
@ApiTags('stewarding')
@Controller()
export class StewardingPublicController {
  constructor(private readonly stewarding: StewardingService) {}

  /** The decisions of current seasons (race, drivers, outcome, reason), newest first. */
  @Endpoint('GET /safety-car')
  @CachedRead(STEWARDING_READS)
  safetyCar(@Query() page: PageQuery): Promise<Page<SafetyCarDecisionDto>> {
    return this.stewarding.safetyCar(page);
  }

  /** Whether the race's results are provisional (protests or appeals still possible) or final. */
  @Endpoint('GET /safety-car/races/:id')
  @CachedRead(STEWARDING_READS)
  raceStatus(@Param() { id }: IdParam): Promise<RaceStewardingDto> {
    return this.stewarding.raceStatus(id);
  }

  /** The driver's licence points (active and expired) and the bans of events to come. */
  @Endpoint('GET /profile/:id/licence')
  licence(@Param() { id }: IdParam): Promise<LicenceDto> {
    return this.stewarding.licence(id);
  }
}
