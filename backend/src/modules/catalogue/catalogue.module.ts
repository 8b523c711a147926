import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/index.js';
import { CarsController, GamesController, TracksController } from './catalogue.controller.js';
import { CarsService } from './cars.service.js';
import { CatalogueHandlers } from './catalogue.handlers.js';
import { GamesService } from './games.service.js';
import { TracksService } from './tracks.service.js';

/** Games, tracks with variants, cars. Other modules read them through GamesService, TracksService and CarsService. */
@Module({
  imports: [ImagesModule],
  controllers: [GamesController, TracksController, CarsController],
  providers: [GamesService, TracksService, CarsService, CatalogueHandlers],
  exports: [GamesService, TracksService, CarsService],
})
export class CatalogueModule {}
