import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UploadedFiles } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/access.js';
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
@Controller('competitions')
export class CompetitionsController {
  constructor(
    private readonly competitions: CompetitionsService,
    private readonly seasons: SeasonsService,
  ) {}

  // Fixed paths come before `:id`, which would otherwise take them.

  /** Every competition group, by position then name; `live` when it has a current competition. */
  @Get('groups')
  @Access('public')
  @CachedRead(COMPETITION_READS)
  groups(): Promise<CompetitionGroupDto[]> {
    return this.competitions.groups();
  }

  /** The groups with a current competition (the Series page). */
  @Get('groups/live')
  @Access('public')
  @CachedRead(COMPETITION_READS)
  liveGroups(): Promise<CompetitionGroupDto[]> {
    return this.competitions.groups(true);
  }

  @Get('groups/:id')
  @Access('public')
  @CachedRead(COMPETITION_READS)
  group(@Param() { id }: IdParam): Promise<CompetitionGroupDto> {
    return this.competitions.group(id);
  }

  /** Multipart: `group` (JSON; with `id` it updates) and optional `icon` and `banner` images (stored as webp). 409 for a taken name. */
  @Put('groups')
  @Access('isAdmin')
  @JsonPartWithImages('group', PICTURES)
  saveGroup(
    @Body('group') group: CompetitionGroupBody,
    @CurrentPrincipal() admin: Principal,
    @UploadedFiles() pictures?: UploadedImages<PictureField>,
  ): Promise<CompetitionGroupDto> {
    return this.competitions.saveGroup(admin, group, pictures);
  }

  /** Current competitions (the Series page), by group then name. */
  @Get('current')
  @Access('public')
  @CachedRead(COMPETITION_READS)
  current(@Query() query: PageQuery): Promise<Page<CompetitionSummaryDto>> {
    return this.competitions.current(query);
  }

  @Get('current/group/:id')
  @Access('public')
  @CachedRead(COMPETITION_READS)
  currentOfGroup(@Param() { id }: IdParam, @Query() query: PageQuery): Promise<Page<CompetitionSummaryDto>> {
    return this.competitions.current(query, id);
  }

  /** Competitions on the Series leaderboard (enabled, with a season), each with its seasons. */
  @Get('leaderboards')
  @Access('public')
  @CachedRead(COMPETITION_READS)
  leaderboards(): Promise<CompetitionDto[]> {
    return this.competitions.leaderboards();
  }

  /** The result files the import reads. */
  @Get('external/sources')
  @Access('public')
  sources(): ResultSourceDto[] {
    return RESULT_SOURCE_LIST;
  }

  /** Organizers' list of every competition: filters and sort in the body. */
  @Post()
  @Access('isOrganizer')
  @HttpCode(200)
  search(@Query() query: PageQuery, @Body() body: CompetitionSearchBody): Promise<Page<CompetitionSummaryDto>> {
    return this.competitions.search(body, query);
  }

  /** Multipart: `competition` (JSON; with `id` it updates) and optional `icon` and `banner` images (stored as webp). */
  @Put()
  @Access('isOrganizer')
  @JsonPartWithImages('competition', PICTURES)
  save(
    @Body('competition') competition: CompetitionBody,
    @CurrentPrincipal() organizer: Principal,
    @UploadedFiles() pictures?: UploadedImages<PictureField>,
  ): Promise<CompetitionDto> {
    return this.competitions.save(organizer, competition, pictures);
  }

  /** Creates (no `id`) or updates a season of the competition: name, rules, points system. */
  @Put(':id/seasons')
  @Access('isOrganizer')
  saveSeason(@Param() { id }: IdParam, @Body() body: SeasonBody, @CurrentPrincipal() organizer: Principal): Promise<SeasonDto> {
    return this.seasons.save(organizer, id, body);
  }

  /** One competition with its seasons. */
  @Get(':id')
  @Access('public')
  @CachedRead(COMPETITION_READS)
  details(@Param() { id }: IdParam): Promise<CompetitionDto> {
    return this.competitions.details(id);
  }
}
