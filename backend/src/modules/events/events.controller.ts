import { Body, Controller, Param, Query, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ChangesState } from '../../common/access.js';
import { Endpoint } from '../../common/endpoint.js';
import { JsonPartWithImage, type UploadedImage } from '../images/index.js';
import { PageQuery } from '../../common/pagination.js';
import { Caller, CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { Page } from '../../contracts/api.js';
import type { AttendanceCountDto, AttendeeDto, EventDetailsDto, EventDto, LiveDto, MyAttendanceDto, MyNextEventDto, VideoDto } from '../../contracts/events.js';
import { IdParam } from '../../common/dto-fields.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { AttendanceService } from './attendance.service.js';
import {
  DriverAttendanceBody,
  EventBody,
  EventListQuery,
  EventSearchBody,
  LiveBody,
  MyAttendanceBody,
  PublishQuery,
  TeamAttendanceBody,
  YoutubeBody,
} from './dto/event.dto.js';
import { EVENT_READS } from './events.reads.js';
import { EventsService, seesUnpublished } from './events.service.js';
import { LiveService } from './live.service.js';
import { VideosService } from './videos.service.js';

@ApiTags('events')
@Controller()
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly attendance: AttendanceService,
    private readonly live: LiveService,
  ) {}

  // Fixed paths come before `:id`, which would otherwise take them.

  /** Upcoming published events, soonest first; filters `gameId` and `platform` (ALL, PC, XBOX, PLAYSTATION). */
  @Endpoint('GET /events/planned')
  @CachedRead(EVENT_READS)
  planned(@Query() query: EventListQuery): Promise<Page<EventDto>> {
    return this.events.planned(query);
  }

  /** Published events that have started, latest first; same filters. */
  @Endpoint('GET /events/past')
  @CachedRead(EVENT_READS)
  past(@Query() query: EventListQuery): Promise<Page<EventDto>> {
    return this.events.past(query);
  }

  /** The caller's next event: `{event}` or `{event: null}`. */
  @Endpoint('GET /events/mynext')
  @CachedRead(EVENT_READS, { perCaller: true })
  async myNext(@CurrentPrincipal() principal: Principal): Promise<MyNextEventDto> {
    return { event: await this.events.myNext(principal.userId) };
  }

  @Endpoint('GET /events/assessment/planned')
  @CachedRead(EVENT_READS)
  assessmentsPlanned(@Query() query: EventListQuery): Promise<Page<EventDto>> {
    return this.events.planned(query, true);
  }

  @Endpoint('GET /events/assessment/:id')
  @CachedRead(EVENT_READS, { bypass: seesUnpublished })
  assessment(@Param() { id }: IdParam, @Caller() principal?: Principal): Promise<EventDetailsDto> {
    return this.events.details(id, principal, false, 'assessment');
  }

  /** Multipart: `event` (JSON of SPEC §3; with `id` it updates) and an optional `icon`. New events are unpublished. */
  @Endpoint('PUT /events/individual')
  @JsonPartWithImage('event')
  saveIndividual(@Body('event') event: EventBody, @CurrentPrincipal() organizer: Principal, @UploadedFile() icon?: UploadedImage): Promise<EventDetailsDto> {
    return this.events.save(organizer, 'individual', event, icon);
  }

  @Endpoint('PUT /events/assessment')
  @JsonPartWithImage('event')
  saveAssessment(@Body('event') event: EventBody, @CurrentPrincipal() organizer: Principal, @UploadedFile() icon?: UploadedImage): Promise<EventDetailsDto> {
    return this.events.save(organizer, 'assessment', event, icon);
  }

  /** Organizers' list of individual events, published or not: filters and sort in the body. */
  @Endpoint('POST /events/individual')
  searchIndividual(@Query() query: PageQuery, @Body() body: EventSearchBody): Promise<Page<EventDto>> {
    return this.events.search('individual', body, query);
  }

  @Endpoint('POST /events/assessment')
  searchAssessments(@Query() query: PageQuery, @Body() body: EventSearchBody): Promise<Page<EventDto>> {
    return this.events.search('assessment', body, query);
  }

  /** One event with `attendance` (who is in); unpublished events only for organizers. */
  @Endpoint('GET /events/:id')
  @CachedRead(EVENT_READS, { bypass: seesUnpublished })
  details(@Param() { id }: IdParam, @Caller() principal?: Principal): Promise<EventDetailsDto> {
    return this.events.details(id, principal);
  }

  @Endpoint('GET /events/:id/drivers')
  @CachedRead(EVENT_READS, { bypass: seesUnpublished })
  drivers(@Param() { id }: IdParam, @Caller() principal?: Principal): Promise<AttendeeDto[]> {
    return this.attendance.drivers(id, principal);
  }

  /** Publishes (or, with `publish=false`, unpublishes); `sendNotification=true` announces it on Discord. A GET that changes state (SPEC §7). */
  @Endpoint('GET /events/:id/publish')
  @ChangesState()
  publish(@Param() { id }: IdParam, @Query() query: PublishQuery, @CurrentPrincipal() organizer: Principal): Promise<EventDto> {
    return this.events.publish(organizer, id, query.publish, query.sendNotification);
  }

  /** The caller joins (`attending: true`) or leaves the event. 409 'Event full', when the event has started, or for joining a TEAM or LVL event alone. */
  @Endpoint('PUT /events/:id/single/attendance')
  mine(@Param() { id }: IdParam, @Body() body: MyAttendanceBody, @CurrentPrincipal() principal: Principal): Promise<MyAttendanceDto> {
    return this.attendance.setMine(principal, id, body.attending);
  }

  @Endpoint('PUT /events/:id/attendance')
  forDriver(@Param() { id }: IdParam, @Body() body: DriverAttendanceBody, @CurrentPrincipal() organizer: Principal): Promise<AttendanceCountDto> {
    return this.attendance.setForDriver(organizer, id, body.profileId, body.attending);
  }

  /**
   * A captain sets exactly which team drivers race this (TEAM or LVL) event: none (withdraws the team)
   * or between the event's team sizes, until the line-up locks. 409 after the lock, outside the sizes,
   * for a solo event or a team of another game.
   */
  @Endpoint('POST /events/:id/attendance/team')
  forTeam(@Param() { id }: IdParam, @Body() body: TeamAttendanceBody, @CurrentPrincipal() principal: Principal): Promise<AttendanceCountDto> {
    return this.attendance.setTeamEntries(principal, id, body.teamId, body.profileIds);
  }

  /** Organizers adjust a team's drivers in a TEAM or LVL event at any time (never past the largest team). */
  @Endpoint('PUT /events/:id/attendance/team')
  teamAsOrganizer(@Param() { id }: IdParam, @Body() body: TeamAttendanceBody, @CurrentPrincipal() organizer: Principal): Promise<AttendanceCountDto> {
    return this.attendance.setTeamEntriesAsOrganizer(organizer, id, body.teamId, body.profileIds);
  }

  @Endpoint('PUT /events/:id/live')
  goLive(@Param() { id }: IdParam, @Body() body: LiveBody): Promise<LiveDto> {
    return this.live.start(id, body.streamUrl);
  }

  @Endpoint('DELETE /events/:id/live')
  endLive(@Param() { id }: IdParam): Promise<void> {
    return this.live.stop(id);
  }
}

@ApiTags('events')
@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @Endpoint('GET /events/youtube/latest')
  @CachedRead(EVENT_READS)
  latest(): Promise<VideoDto[]> {
    return this.videos.latest();
  }

  @Endpoint('GET /events/youtube/all')
  @CachedRead(EVENT_READS)
  all(@Query() query: PageQuery): Promise<Page<VideoDto>> {
    return this.videos.all(query);
  }

  /** Sets the event's video: YouTube URLs only, stored as the video id. */
  @Endpoint('POST /events/youtube/:id')
  attach(@Param() { id }: IdParam, @Body() body: YoutubeBody): Promise<VideoDto> {
    return this.videos.attach(id, body.youtubeUrl);
  }
}

@ApiTags('events')
@Controller()
export class LiveController {
  constructor(private readonly live: LiveService) {}

  /** The live event and its stream, or `{event: null, stream: null}`. */
  @Endpoint('GET /live')
  @CachedRead(EVENT_READS)
  current(): Promise<LiveDto> {
    return this.live.current();
  }
}
