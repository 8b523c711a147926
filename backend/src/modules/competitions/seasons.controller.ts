import { Body, Controller, Param, Query, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { Caller, CurrentPrincipal, type Principal } from '../../common/principal.js';
import { RateLimited } from '../../common/rate-limit.js';
import type {
  RaceResultsDto,
  LiveDraftDto,
  ResultImportDto,
  ResultImportPreviewDto,
  ResultRevisionDto,
  SeasonDto,
  SeasonEventDetailsDto,
  StandingsDto,
} from '../../contracts/competitions.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { seesUnpublished } from '../events/index.js';
import { COMPETITION_READS } from './competitions.reads.js';
import {
  ConfirmFutureQuery,
  LiveDraftConfirmBody,
  RaceParams,
  RaceResultsBody,
  ResultImportBody,
  ResultPreviewBody,
  RevisionParams,
  SeasonEventParams,
  SeasonParam,
} from './dto/results.dto.js';
import { ResultImportService, type UploadedResultFile } from './result-import.service.js';
import { ResultFileUpload } from './result-upload.js';
import { SeasonEventsBody } from './dto/season.dto.js';
import { ResultsService, type RaceRef } from './results.service.js';
import { SeasonsService } from './seasons.service.js';
import { StandingsService } from './standings.service.js';

const raceRef = ({ season, event, race }: RaceParams): RaceRef => ({ seasonId: season, eventId: event, raceId: race });

/** Seasons with their rounds, races' results with their revisions, and standings. Organizers (who see unpublished rounds) read past the cache. */
@ApiTags('competitions')
@Controller()
export class SeasonsController {
  constructor(
    private readonly seasons: SeasonsService,
    private readonly results: ResultsService,
    private readonly imports: ResultImportService,
    private readonly standings: StandingsService,
  ) {}

  /** The season with its competition, points system and rounds in date order, each with its race events and races. */
  @Endpoint('GET /seasons/:season')
  @CachedRead(COMPETITION_READS, { bypass: seesUnpublished })
  season(@Param() { season }: SeasonParam, @Caller() principal?: Principal): Promise<SeasonDto> {
    return this.seasons.season(season, principal);
  }

  /** Makes exactly these events the season's rounds (an event with results cannot leave it: 409). */
  @Endpoint('PUT /seasons/:season/events')
  setEvents(@Param() { season }: SeasonParam, @Body() body: SeasonEventsBody, @CurrentPrincipal() organizer: Principal): Promise<SeasonDto> {
    return this.seasons.setEvents(organizer, season, body.eventIds);
  }

  /** The season's driver and team standings from its published rounds, as the worker last computed them; organizers get the unpublished ones too, marked. */
  @Endpoint('GET /seasons/:season/standings')
  @CachedRead(COMPETITION_READS, { bypass: seesUnpublished })
  seasonStandings(@Param() { season }: SeasonParam, @Caller() principal?: Principal): Promise<StandingsDto> {
    return this.standings.read(season, principal);
  }

  /** One round with the latest results of each of its races. */
  @Endpoint('GET /seasons/:season/events/:event')
  @CachedRead(COMPETITION_READS, { bypass: seesUnpublished })
  seasonEvent(@Param() params: SeasonEventParams, @Caller() principal?: Principal): Promise<SeasonEventDetailsDto> {
    return this.seasons.seasonEvent(params.season, params.event, principal);
  }

  /** The race's latest results. */
  @Endpoint('GET /seasons/:season/events/:event/results/:race')
  @CachedRead(COMPETITION_READS, { bypass: seesUnpublished })
  raceResults(@Param() params: RaceParams, @Caller() principal?: Principal): Promise<RaceResultsDto> {
    return this.results.latest(raceRef(params), principal);
  }

  /** Saves the race's whole classification (or its qualifying) as a new revision (positions 1 to n, each driver once); a race still to come needs `confirmFuture`. */
  @Endpoint('PUT /seasons/:season/events/:event/results/:race')
  @RateLimited('results')
  saveResults(
    @Param() params: RaceParams,
    @Query() query: ConfirmFutureQuery,
    @Body() body: RaceResultsBody,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RaceResultsDto> {
    return this.results.save(raceRef(params), body.results, principal, {
      session: body.session,
      confirmFuture: body.confirmFuture === true || query.confirmFuture === 'true',
    });
  }

  /** The race's revisions, newest first: author, time, note, number of lines. */
  @Endpoint('GET /seasons/:season/events/:event/results/:race/revisions')
  revisions(@Param() params: RaceParams, @CurrentPrincipal() principal: Principal): Promise<ResultRevisionDto[]> {
    return this.results.history(raceRef(params), principal);
  }

  /** One revision's classification, to compare with another. */
  @Endpoint('GET /seasons/:season/events/:event/results/:race/revisions/:revision')
  revision(@Param() params: RevisionParams, @CurrentPrincipal() principal: Principal): Promise<RaceResultsDto> {
    return this.results.revision(raceRef(params), params.revision, principal);
  }

  /** Makes a new revision with that revision's lines ("reverted to revision N"). */
  @Endpoint('POST /seasons/:season/events/:event/results/:race/revisions/:revision/revert')
  @RateLimited('results')
  revert(@Param() params: RevisionParams, @CurrentPrincipal() principal: Principal): Promise<RaceResultsDto> {
    return this.results.revert(raceRef(params), params.revision, principal);
  }

  /**
   * Multipart: `file` (a server result file) and optional `confirmMismatch`. Every line of the file with
   * its drivers and the profile suggested for each; nothing is written. 409 when the file is of another
   * game or track than the race (unless confirmed).
   */
  @Endpoint('POST /seasons/:season/events/:event/results/:race/import/preview')
  @RateLimited('results')
  @ResultFileUpload(false)
  previewImport(
    @Param() params: RaceParams,
    @Body() body: ResultPreviewBody,
    @CurrentPrincipal() principal: Principal,
    @UploadedFile() file?: UploadedResultFile,
  ): Promise<ResultImportPreviewDto> {
    return this.imports.preview(raceRef(params), file, body, principal);
  }

  /**
   * Multipart: `file`, optional `decisions` (JSON: a driver of the file → a profile id, "GUEST" or
   * "SKIP"), `confirmMismatch` and `confirmFuture` (a race still to come, else 409; also as the query). Saved as the race's next revision (of its qualifying, for a
   * qualifying file) once every driver has a profile or a decision; otherwise nothing is saved and the
   * drivers still to decide are answered. The same file again makes no revision (`unchanged`).
   */
  @Endpoint('POST /seasons/:season/events/:event/results/:race/import')
  @RateLimited('results')
  @ResultFileUpload(true)
  importResults(
    @Param() params: RaceParams,
    @Query() query: ConfirmFutureQuery,
    @Body() body: ResultImportBody,
    @CurrentPrincipal() principal: Principal,
    @UploadedFile() file?: UploadedResultFile,
  ): Promise<ResultImportDto> {
    return this.imports.import(raceRef(params), file, { ...body, confirmFuture: body.confirmFuture === true || query.confirmFuture === 'true' }, principal);
  }

  /** The race's results drafted by live timing at the flag, as an import preview (drivers matched as a file's are); 404 when it has none. */
  @Endpoint('GET /seasons/:season/events/:event/results/:race/live-draft')
  liveDraft(@Param() params: RaceParams, @CurrentPrincipal() principal: Principal): Promise<LiveDraftDto> {
    return this.imports.livePreview(raceRef(params), principal);
  }

  /** Saves the live draft as the race's next revision exactly as an imported file would be (the drivers still to decide answered the same way). */
  @Endpoint('POST /seasons/:season/events/:event/results/:race/live-draft/confirm')
  @RateLimited('results')
  confirmLiveDraft(@Param() params: RaceParams, @Body() body: LiveDraftConfirmBody, @CurrentPrincipal() principal: Principal): Promise<ResultImportDto> {
    return this.imports.confirmLiveDraft(raceRef(params), body, principal);
  }
}
