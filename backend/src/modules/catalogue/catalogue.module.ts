import { Module } from '@nestjs/common';
import { CarsController, GamesController, ImagesController, TracksController } from './catalogue.controller.js';
import { CarsService } from './cars.service.js';
import { GamesService } from './games.service.js';
import { ImagesService } from './images.service.js';
import { TracksService } from './tracks.service.js';

/** Games, tracks with variants, cars — and the stored images every module's uploads become. */
@Module({
  controllers: [GamesController, TracksController, CarsController, ImagesController],
  providers: [GamesService, TracksService, CarsService, ImagesService],
  exports: [ImagesService],
})
export class CatalogueModule {}
