import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ICON_BOUNDS, type UploadedImage, ImagesService } from '../images/index.js';
import type { CarDto } from '../../contracts/catalogue.js';
import { Car } from './catalogue.entities.js';
import { toCarDto } from './catalogue.mappers.js';
import { type CarBody } from './dto/catalogue.dto.js';
import { findGame, gameOfBody } from './games.service.js';
import { recordCatalogueChange } from './catalogue.reads.js';
import { recordSaved, type RemovableKind, removeRecord, saveNamedRecord } from './catalogue.writes.js';
import type { Principal } from '../../common/principal.js';
import { findOrNotFound } from '../../common/find-or-not-found.js';

/** Cars of each game, by class. */
const CARS: RemovableKind<Car> = { kind: 'car', find: findCar, gameOf: (car) => car.game.id, snapshot: toCarDto };

@Injectable()
export class CarsService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
  ) {}

  async listForGame(gameId: number): Promise<CarDto[]> {
    await findGame(this.em, gameId);
    const cars = await this.em.find(Car, { game: gameId }, { orderBy: { carClass: 'asc', name: 'asc' } });
    return cars.map(toCarDto);
  }

  /** The car, or null when it does not exist (for modules checking a car id they were given). */
  async lookup(id: number): Promise<CarDto | null> {
    const car = await this.em.findOne(Car, id);
    return car ? toCarDto(car) : null;
  }

  async get(id: number): Promise<CarDto> {
    return toCarDto(await findCar(this.em, id));
  }

  async save(admin: Principal, body: CarBody, upload?: UploadedImage): Promise<CarDto> {
    const icon = await this.images.prepare(upload, ICON_BOUNDS);
    return saveNamedRecord(this.em, `A car named "${body.name}" already exists in this game`, async (em) => {
      const game = await gameOfBody(em, body);
      const car = body.id ? await findCar(em, body.id) : em.create(Car, { game, name: body.name, carClass: body.carClass });
      const before = body.id ? toCarDto(car) : null;
      // A car moved to another game leaves its old game's list too.
      if (body.id && car.game.id !== game.id) recordCatalogueChange(em, car.game.id);
      car.game = game;
      car.name = body.name;
      car.carClass = body.carClass;
      this.images.setIcon(em, car, icon);
      await em.flush();
      const after = toCarDto(car);
      recordSaved(em, admin, 'car', car, game.id, { before, after });
      return after;
    });
  }

  async remove(admin: Principal, id: number): Promise<void> {
    await removeRecord(this.em, this.images, admin, CARS, id);
  }
}

function findCar(em: EntityManager, id: number): Promise<Car> {
  return findOrNotFound(em, Car, 'Car', id);
}
