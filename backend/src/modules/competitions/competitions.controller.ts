import { Body, Controller, Param, Query, UploadedFiles } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { IdParam } from '../../common/dto-fields.js';
import { PageQuery } from '../../common/pagination.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { Page } from '../../contracts/api.js';
import type { CompetitionDto, CompetitionGroupDto, CompetitionSummaryDto, ResultSourceDto, SeasonDto } from '../../contracts/competitions.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { JsonPartWithImages, type UploadedImages } from '../images/index.js';
import { COMPETITION_READS } from './competitions.reads.js';
import { CompetitionsService, RESULT_SOURCE_LIST, type PictureField } from './competitions.service.js';
import { CompetitionBody, CompetitionGroupBody, CompetitionSearchBody } from './dto/competition.dto.js';
import { SeasonBody } from './dto/season.dto.js';
import { SeasonsService } from './seasons.service.js';

const PICTURES: PictureField[] = ['icon', 'banner'];

@ApiTags('competitions')
@Controller()
export class CompetitionsController {
  constructor(
    private readonly competitions: CompetitionsService,
    private readonly seasons: SeasonsService,
  ) {}

  // Fixed paths come before `:id`, which would otherwise take them.

  /** Every competition group, by position then name; `live` when it has a current competition. */
  @Endpoint('GET /competitions/groups')
  @CachedRead(COMPETITION_READS)
  groups(): Promise<CompetitionGroupDto[]> {
    return this.competitions.groups();
  }

  /** The groups with a current competition (the Series page). */
  @Endpoint('GET /competitions/groups/live')
  @CachedRead(COMPETITION_READS)
  liveGroups(): Promise<CompetitionGroupDto[]> {
    return this.competitions.groups(true);
  }

  @Endpoint('GET /competitions/groups/:id')
  @CachedRead(COMPETITION_READS)
  group(@Param() { id }: IdParam): Promise<CompetitionGroupDto> {
    return this.competitions.group(id);
  }

  /** Multipart: `group` (JSON; with `id` it updates) and optional `icon` and `banner` images (stored as webp). 409 for a taken name. */
  @Endpoint('PUT /competitions/groups')
  @JsonPartWithImages('group', PICTURES)
  saveGroup(
    @Body('group') group: CompetitionGroupBody,
    @CurrentPrincipal() admin: Principal,
    @UploadedFiles() pictures?: UploadedImages<PictureField>,
  ): Promise<CompetitionGroupDto> {
    return this.competitions.saveGroup(admin, group, pictures);
  }

  /** Current competitions (the Series page), by group then name. */
  @Endpoint('GET /competitions/current')
  @CachedRead(COMPETITION_READS)
  current(@Query() query: PageQuery): Promise<Page<CompetitionSummaryDto>> {
    return this.competitions.current(query);
  }

  @Endpoint('GET /competitions/current/group/:id')
  @CachedRead(COMPETITION_READS)
  currentOfGroup(@Param() { id }: IdParam, @Query() query: PageQuery): Promise<Page<CompetitionSummaryDto>> {
    return this.competitions.current(query, id);
  }

  /** Competitions on the Series leaderboard (enabled, with a season), each with its seasons. */
  @Endpoint('GET /competitions/leaderboards')
  @CachedRead(COMPETITION_READS)
  leaderboards(): Promise<CompetitionDto[]> {
    return this.competitions.leaderboards();
  }

  /** The result files the import reads. */
  @Endpoint('GET /competitions/external/sources')
  sources(): ResultSourceDto[] {
    return RESULT_SOURCE_LIST;
  }

  /** Organizers' list of every competition: filters and sort in the body. */
  @Endpoint('POST /competitions')
  search(@Query() query: PageQuery, @Body() body: CompetitionSearchBody): Promise<Page<CompetitionSummaryDto>> {
    return this.competitions.search(body, query);
  }

  /** Multipart: `competition` (JSON; with `id` it updates) and optional `icon` and `banner` images (stored as webp). */
  @Endpoint('PUT /competitions')
  @JsonPartWithImages('competition', PICTURES)
  save(
    @Body('competition') competition: CompetitionBody,
    @CurrentPrincipal() organizer: Principal,
    @UploadedFiles() pictures?: UploadedImages<PictureField>,
  ): Promise<CompetitionDto> {
    return this.competitions.save(organizer, competition, pictures);
  }

  /** Creates (no `id`) or updates a season of the competition: name, rules, points system. */
  @Endpoint('PUT /competitions/:id/seasons')
  saveSeason(@Param() { id }: IdParam, @Body() body: SeasonBody, @CurrentPrincipal() organizer: Principal): Promise<SeasonDto> {
    return this.seasons.save(organizer, id, body);
  }

  /** One competition with its seasons. */
  @Endpoint('GET /competitions/:id')
  @CachedRead(COMPETITION_READS)
  details(@Param() { id }: IdParam): Promise<CompetitionDto> {
    return this.competitions.details(id);
  }
}
