import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ICON_BOUNDS, type UploadedImage, ImagesService } from '../images/index.js';
import type { CarDto } from '../../contracts/catalogue.js';
import { Car } from './catalogue.entities.js';
import { toCarDto } from './catalogue.mappers.js';
import { type CarBody } from './dto/catalogue.dto.js';
import { invalidField } from '../../common/validation.js';
import { findGame } from './games.service.js';
import { recordCatalogueChange } from './catalogue.reads.js';
import type { Principal } from '../../common/principal.js';
import { recordStaffChange } from '../audit/index.js';

/** Cars of each game, by class. */
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
    try {
      return await this.em.transactional(async (em) => {
        const game = await findGame(em, body.game.id).catch(() => {
          throw invalidField('game.id', `game ${body.game.id} does not exist`);
        });
        const car = body.id ? await findCar(em, body.id) : em.create(Car, { game, name: body.name, carClass: body.carClass });
        const before = body.id ? toCarDto(car) : null;
        // A car moved to another game leaves its old game's list too.
        if (body.id && car.game.id !== game.id) recordCatalogueChange(em, car.game.id);
        car.game = game;
        car.name = body.name;
        car.carClass = body.carClass;
        this.images.setIcon(em, car, icon);
        await em.flush();
        recordCatalogueChange(em, game.id);
        const after = toCarDto(car);
        recordStaffChange(em, { actorId: admin.userId, kind: 'car', entityId: car.id, label: car.name, action: before ? 'saved' : 'created', before, after });
        return after;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictException(`A car named "${body.name}" already exists in this game`);
      throw error;
    }
  }

  async remove(admin: Principal, id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const car = await findCar(em, id);
      recordStaffChange(em, { actorId: admin.userId, kind: 'car', entityId: id, label: car.name, action: 'deleted', before: toCarDto(car), after: null });
      this.images.removeIcon(em, car);
      em.remove(car);
      recordCatalogueChange(em, car.game.id);
    });
  }
}

async function findCar(em: EntityManager, id: number): Promise<Car> {
  const car = await em.findOne(Car, id);
  if (!car) throw new NotFoundException(`Car ${id} not found`);
  return car;
}
