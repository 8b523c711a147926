import { Controller, Param } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { IdParam } from '../../common/dto-fields.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { MyCalendarDto } from '../../contracts/calendar.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { CALENDAR_READS, CALENDAR_TYPE } from './calendar.reads.js';
import { CalendarService } from './calendar.service.js';

export class FeedTokenParam {
  @ApiProperty()
  @IsString()
  @Matches(/^[\w-]{16,64}$/, { message: 'token is not a calendar token' })
  token!: string;
}

const Feed = () => CachedRead(CALENDAR_READS, { contentType: CALENDAR_TYPE });

/** Calendar feeds (text/calendar, cached reads like the rest) and the caller's private feed token. */
@ApiTags('calendar')
@Controller()
export class CalendarController {
  constructor(private readonly calendars: CalendarService) {}

  @Endpoint('GET /calendar/league.ics')
  @ApiProduces(CALENDAR_TYPE)
  @Feed()
  league(): Promise<string> {
    return this.calendars.league();
  }

  @Endpoint('GET /calendar/series/:id.ics')
  @ApiProduces(CALENDAR_TYPE)
  @Feed()
  series(@Param() { id }: IdParam): Promise<string> {
    return this.calendars.series(id);
  }

  @Endpoint('GET /calendar/seasons/:id.ics')
  @ApiProduces(CALENDAR_TYPE)
  @Feed()
  season(@Param() { id }: IdParam): Promise<string> {
    return this.calendars.season(id);
  }

  @Endpoint('GET /calendar/events/:id.ics')
  @ApiProduces(CALENDAR_TYPE)
  @Feed()
  event(@Param() { id }: IdParam): Promise<string> {
    return this.calendars.event(id);
  }

  @Endpoint('GET /calendar/drivers/:token.ics')
  @ApiProduces(CALENDAR_TYPE)
  @Feed()
  driver(@Param() { token }: FeedTokenParam): Promise<string> {
    return this.calendars.driver(token);
  }

  @Endpoint('GET /calendar/me')
  mine(@CurrentPrincipal() principal: Principal): Promise<MyCalendarDto> {
    return this.calendars.mine(principal.userId);
  }

  @Endpoint('POST /calendar/me')
  rotate(@CurrentPrincipal() principal: Principal): Promise<MyCalendarDto> {
    return this.calendars.rotate(principal.userId);
  }
}
