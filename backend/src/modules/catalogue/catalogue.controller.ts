import { Body, Controller, Param, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
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
@Controller()
export class GamesController {
  constructor(
    private readonly games: GamesService,
    private readonly tracks: TracksService,
    private readonly cars: CarsService,
  ) {}

  @Endpoint('GET /games')
  @CachedRead(CATALOGUE_READS)
  list(): Promise<GameDto[]> {
    return this.games.list();
  }

  /** Multipart: `game` (JSON, with `id` to update) and an optional `icon` image. */
  @Endpoint('PUT /games')
  @JsonPartWithImage('game')
  save(@Body('game') game: GameBody, @CurrentPrincipal() admin: Principal, @UploadedFile() icon?: UploadedImage): Promise<GameDto> {
    return this.games.save(admin, game, icon);
  }

  @Endpoint('GET /games/:id')
  @CachedRead(CATALOGUE_READS)
  get(@Param() { id }: IdParam): Promise<GameDto> {
    return this.games.get(id);
  }

  @Endpoint('DELETE /games/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.games.remove(admin, id);
  }

  @Endpoint('GET /games/:id/tracks')
  @CachedRead(CATALOGUE_READS)
  tracksOf(@Param() { id }: IdParam): Promise<TrackDto[]> {
    return this.tracks.listForGame(id);
  }

  @Endpoint('GET /games/:id/cars')
  @CachedRead(CATALOGUE_READS)
  carsOf(@Param() { id }: IdParam): Promise<CarDto[]> {
    return this.cars.listForGame(id);
  }
}

@ApiTags('catalogue')
@Controller()
export class TracksController {
  constructor(private readonly tracks: TracksService) {}

  /** Multipart: `track` (JSON with all its `variants`; with `id` to update) and an optional `icon`. */
  @Endpoint('PUT /tracks')
  @JsonPartWithImage('track')
  save(@Body('track') track: TrackBody, @CurrentPrincipal() admin: Principal, @UploadedFile() icon?: UploadedImage): Promise<TrackDto> {
    return this.tracks.save(admin, track, icon);
  }

  @Endpoint('GET /tracks/:id')
  @CachedRead(CATALOGUE_READS)
  get(@Param() { id }: IdParam): Promise<TrackDto> {
    return this.tracks.get(id);
  }

  @Endpoint('DELETE /tracks/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.tracks.remove(admin, id);
  }
}

@ApiTags('catalogue')
@Controller()
export class CarsController {
  constructor(private readonly cars: CarsService) {}

  /** Multipart: `car` (JSON; with `id` to update) and an optional `icon`. */
  @Endpoint('PUT /cars')
  @JsonPartWithImage('car')
  save(@Body('car') car: CarBody, @CurrentPrincipal() admin: Principal, @UploadedFile() icon?: UploadedImage): Promise<CarDto> {
    return this.cars.save(admin, car, icon);
  }

  @Endpoint('GET /cars/:id')
  @CachedRead(CATALOGUE_READS)
  get(@Param() { id }: IdParam): Promise<CarDto> {
    return this.cars.get(id);
  }

  @Endpoint('DELETE /cars/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.cars.remove(admin, id);
  }
}
