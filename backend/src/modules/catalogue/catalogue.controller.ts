import { Body, Controller, Delete, Get, HttpCode, Param, Put, UploadedFile } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/access.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { CATALOGUE_READS } from './catalogue.reads.js';
import { JsonPartWithImage, type UploadedImage } from '../images/index.js';
import type { CarDto, GameDto, TrackDto } from '../../contracts/catalogue.js';
import { CarsService } from './cars.service.js';
import { IdParam } from '../../common/dto-fields.js';
import { CarBody, GameBody, TrackBody } from './dto/catalogue.dto.js';
import { GamesService } from './games.service.js';
import { TracksService } from './tracks.service.js';

@ApiTags('catalogue')
@Controller('games')
export class GamesController {
  constructor(
    private readonly games: GamesService,
    private readonly tracks: TracksService,
    private readonly cars: CarsService,
  ) {}

  @Get()
  @Access('public')
  @CachedRead(CATALOGUE_READS)
  list(): Promise<GameDto[]> {
    return this.games.list();
  }

  /** Multipart: `game` (JSON, with `id` to update) and an optional `icon` image. */
  @Put()
  @Access('isAdmin')
  @JsonPartWithImage('game')
  save(@Body('game') game: GameBody, @CurrentPrincipal() admin: Principal, @UploadedFile() icon?: UploadedImage): Promise<GameDto> {
    return this.games.save(admin, game, icon);
  }

  @Get(':id')
  @Access('public')
  @CachedRead(CATALOGUE_READS)
  get(@Param() { id }: IdParam): Promise<GameDto> {
    return this.games.get(id);
  }

  @Delete(':id')
  @Access('isAdmin')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.games.remove(admin, id);
  }

  @Get(':id/tracks')
  @Access('public')
  @CachedRead(CATALOGUE_READS)
  tracksOf(@Param() { id }: IdParam): Promise<TrackDto[]> {
    return this.tracks.listForGame(id);
  }

  @Get(':id/cars')
  @Access('public')
  @CachedRead(CATALOGUE_READS)
  carsOf(@Param() { id }: IdParam): Promise<CarDto[]> {
    return this.cars.listForGame(id);
  }
}

@ApiTags('catalogue')
@Controller('tracks')
export class TracksController {
  constructor(private readonly tracks: TracksService) {}

  /** Multipart: `track` (JSON with all its `variants`; with `id` to update) and an optional `icon`. */
  @Put()
  @Access('isAdmin')
  @JsonPartWithImage('track')
  save(@Body('track') track: TrackBody, @CurrentPrincipal() admin: Principal, @UploadedFile() icon?: UploadedImage): Promise<TrackDto> {
    return this.tracks.save(admin, track, icon);
  }

  @Get(':id')
  @Access('public')
  @CachedRead(CATALOGUE_READS)
  get(@Param() { id }: IdParam): Promise<TrackDto> {
    return this.tracks.get(id);
  }

  @Delete(':id')
  @Access('isAdmin')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.tracks.remove(admin, id);
  }
}

@ApiTags('catalogue')
@Controller('cars')
export class CarsController {
  constructor(private readonly cars: CarsService) {}

  /** Multipart: `car` (JSON; with `id` to update) and an optional `icon`. */
  @Put()
  @Access('isAdmin')
  @JsonPartWithImage('car')
  save(@Body('car') car: CarBody, @CurrentPrincipal() admin: Principal, @UploadedFile() icon?: UploadedImage): Promise<CarDto> {
    return this.cars.save(admin, car, icon);
  }

  @Get(':id')
  @Access('public')
  @CachedRead(CATALOGUE_READS)
  get(@Param() { id }: IdParam): Promise<CarDto> {
    return this.cars.get(id);
  }

  @Delete(':id')
  @Access('isAdmin')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.cars.remove(admin, id);
  }
}
