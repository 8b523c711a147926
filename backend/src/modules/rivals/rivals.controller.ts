import { Body, Controller, Param, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { IdParam } from '../../common/dto-fields.js';
import { PageQuery } from '../../common/pagination.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { Page } from '../../contracts/api.js';
import type {
  MyRivalDto,
  MyTrackDto,
  RivalBoardDto,
  RivalCandidateDto,
  RivalImportResultDto,
  RivalPlannedScheduleDto,
  RivalScheduleEntryDto,
  RivalServerDto,
  RivalTimeDto,
  RivalTopForTrackDto,
} from '../../contracts/rivals.js';
import { IdempotentUpload } from '../../infra/idempotency/idempotency.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { MAX_RESULT_FILE_BYTES } from '../competitions/index.js';
import { JsonPartWithImage, type UploadedImage } from '../images/index.js';
import {
  ImportFields,
  OptionalPlatformQuery,
  PickBody,
  PickDeleteQuery,
  PlatformPageQuery,
  PlatformQuery,
  RejectBody,
  RivalBody,
  RivalServerBody,
  RivalTimeBody,
} from './dto/rivals.dto.js';
import { RivalsBoardsService } from './rivals-boards.service.js';
import { RivalsServersService } from './rivals-servers.service.js';
import { RivalsTimesService } from './rivals-times.service.js';
import { RIVAL_BOARD_READS, RIVAL_SCHEDULE_READS } from './rivals.reads.js';

/** Rivals (SPEC §7): servers and their schedule, lap times and boards, stewards' queue, picked rivals. */
@ApiTags('rivals')
@Controller()
export class RivalsController {
  constructor(
    private readonly servers: RivalsServersService,
    private readonly times: RivalsTimesService,
    private readonly boards: RivalsBoardsService,
  ) {}

  /* ---- Schedule ---- */

  @Endpoint('GET /rivals/schedule/live')
  @CachedRead(RIVAL_SCHEDULE_READS)
  live(): Promise<RivalScheduleEntryDto[]> {
    return this.servers.live();
  }

  /** The next three days of a server (signed-in users: visitors are asked to log in). */
  @Endpoint('GET /rivals/schedule/upcoming/:id')
  upcoming(@Param() { id }: IdParam): Promise<RivalPlannedScheduleDto> {
    return this.servers.upcoming(id);
  }

  @Endpoint('GET /rivals/servers')
  listServers(): Promise<RivalServerDto[]> {
    return this.servers.list();
  }

  @Endpoint('POST /rivals/servers')
  createServer(@Body() body: RivalServerBody): Promise<RivalServerDto> {
    return this.servers.create(body);
  }

  @Endpoint('PUT /rivals/servers/:id')
  updateServer(@Param() { id }: IdParam, @Body() body: RivalServerBody): Promise<RivalServerDto> {
    return this.servers.update(id, body);
  }

  @Endpoint('DELETE /rivals/servers/:id')
  removeServer(@Param() { id }: IdParam): Promise<void> {
    return this.servers.remove(id);
  }

  /* ---- Boards ---- */

  /** A board page: 25 rows by default; without `platform` the combined view of all platforms. */
  @Endpoint('GET /rivals/track/:id')
  @CachedRead(RIVAL_BOARD_READS)
  board(@Param() { id }: IdParam, @Query() query: OptionalPlatformQuery): Promise<RivalBoardDto> {
    return this.boards.board(id, query.platform, query);
  }

  @Endpoint('GET /rivals/top/:id')
  @CachedRead(RIVAL_BOARD_READS)
  top(@Param() { id }: IdParam): Promise<RivalTopForTrackDto> {
    return this.boards.top(id);
  }

  /* ---- Times ---- */

  /** Multipart: `time` (JSON) and an optional `screenshot` image; or a `videoUrl` in the JSON. Provisional until a steward decides. */
  @Endpoint('POST /rivals/times')
  @JsonPartWithImage('time', 'screenshot')
  submit(@Body('time') body: RivalTimeBody, @CurrentPrincipal() principal: Principal, @UploadedFile() screenshot?: UploadedImage): Promise<RivalTimeDto> {
    return this.times.submit(principal, body, screenshot);
  }

  /** My times, newest first, with stewards' decisions and reasons. */
  @Endpoint('GET /rivals/times/mine')
  mine(@Query() query: PageQuery, @CurrentPrincipal() principal: Principal): Promise<Page<RivalTimeDto>> {
    return this.times.mine(principal, query);
  }

  @Endpoint('GET /rivals/times/provisional')
  provisional(@Query() query: PageQuery): Promise<Page<RivalTimeDto>> {
    return this.times.provisional(query);
  }

  @Endpoint('POST /rivals/times/:id/verify')
  verify(@Param() { id }: IdParam, @CurrentPrincipal() steward: Principal): Promise<RivalTimeDto> {
    return this.times.verify(steward, id);
  }

  @Endpoint('POST /rivals/times/:id/reject')
  reject(@Param() { id }: IdParam, @Body() body: RejectBody, @CurrentPrincipal() steward: Principal): Promise<RivalTimeDto> {
    return this.times.reject(steward, id, body.reason);
  }

  /** Multipart: `file` (ACC or Assetto Corsa result JSON, UTF-16LE or UTF-8), `trackId`, `carId`, optional `platform` (PC). Times are verified at once. */
  @Endpoint('POST /rivals/import')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_RESULT_FILE_BYTES, files: 1, fields: 3, fieldSize: 1024, parts: 4 } }), IdempotentUpload)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'trackId', 'carId'],
      properties: {
        file: { type: 'string', format: 'binary' },
        trackId: { type: 'integer' },
        carId: { type: 'integer' },
        platform: { type: 'string', enum: ['PC', 'XBOX', 'PLAYSTATION'] },
      },
    },
  })
  import(@Body() fields: ImportFields, @CurrentPrincipal() admin: Principal, @UploadedFile() file?: UploadedImage): Promise<RivalImportResultDto> {
    return this.times.import(admin, file, fields);
  }

  /* ---- Picking rivals ---- */

  @Endpoint('GET /rivals/me/track/:id')
  meOnTrack(@Param() { id }: IdParam, @Query() { platform }: PlatformQuery, @CurrentPrincipal() principal: Principal): Promise<MyTrackDto> {
    return this.boards.meOnTrack(principal, id, platform);
  }

  @Endpoint('POST /rivals')
  pick(@Body() body: RivalBody, @CurrentPrincipal() principal: Principal): Promise<MyRivalDto[]> {
    return this.boards.pick(principal, body);
  }

  @Endpoint('DELETE /rivals')
  unpick(@Body() body: RivalBody, @CurrentPrincipal() principal: Principal): Promise<void> {
    return this.boards.unpick(principal, { gameId: body.gameId, trackId: body.trackId ?? null, platform: body.platform, profileId: body.profileId });
  }

  @Endpoint('GET /rivals/my/game/:id')
  myGame(@Param() { id }: IdParam, @Query() { platform }: PlatformQuery, @CurrentPrincipal() principal: Principal): Promise<MyRivalDto[]> {
    return this.boards.myRivals(principal, id, null, platform);
  }

  @Endpoint('POST /rivals/my/game/:id')
  pickForGame(@Param() { id }: IdParam, @Query() { platform }: PlatformQuery, @Body() body: PickBody, @CurrentPrincipal() principal: Principal): Promise<MyRivalDto[]> {
    return this.boards.pick(principal, { profileId: body.profileId, gameId: id, trackId: null, platform });
  }

  @Endpoint('DELETE /rivals/my/game/:id')
  unpickForGame(@Param() { id }: IdParam, @Query() query: PickDeleteQuery, @CurrentPrincipal() principal: Principal): Promise<void> {
    return this.boards.unpick(principal, { gameId: id, trackId: null, platform: query.platform, profileId: query.profileId });
  }

  @Endpoint('GET /rivals/my/track/:id')
  async myTrack(@Param() { id }: IdParam, @Query() { platform }: PlatformQuery, @CurrentPrincipal() principal: Principal): Promise<MyRivalDto[]> {
    return this.boards.myRivals(principal, await this.boards.gameOfTrack(id), id, platform);
  }

  @Endpoint('POST /rivals/my/track/:id')
  async pickForTrack(@Param() { id }: IdParam, @Query() { platform }: PlatformQuery, @Body() body: PickBody, @CurrentPrincipal() principal: Principal): Promise<MyRivalDto[]> {
    return this.boards.pick(principal, { profileId: body.profileId, gameId: await this.boards.gameOfTrack(id), trackId: id, platform });
  }

  @Endpoint('DELETE /rivals/my/track/:id')
  async unpickForTrack(@Param() { id }: IdParam, @Query() query: PickDeleteQuery, @CurrentPrincipal() principal: Principal): Promise<void> {
    return this.boards.unpick(principal, { gameId: await this.boards.gameOfTrack(id), trackId: id, platform: query.platform, profileId: query.profileId });
  }

  /** `{id}` is a rivals server: me and my rivals on its next track. */
  @Endpoint('GET /rivals/my/next/track/:id')
  myNextTrack(@Param() { id }: IdParam, @Query() { platform }: PlatformQuery, @CurrentPrincipal() principal: Principal): Promise<MyTrackDto> {
    return this.boards.meOnNextTrack(principal, id, platform);
  }

  @Endpoint('GET /rivals/candidates')
  candidates(@Query() query: PageQuery, @CurrentPrincipal() principal: Principal): Promise<Page<RivalCandidateDto>> {
    return this.boards.candidates(principal, query);
  }

  @Endpoint('GET /rivals/games/track/:id/candidates')
  trackCandidates(@Param() { id }: IdParam, @Query() query: PlatformPageQuery, @CurrentPrincipal() principal: Principal): Promise<Page<RivalCandidateDto>> {
    return this.boards.trackCandidates(principal, id, query.platform, query);
  }
}
