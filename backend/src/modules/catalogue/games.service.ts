import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ICON_BOUNDS, type UploadedImage, ImagesService } from '../images/index.js';
import type { GameDto } from '../../contracts/catalogue.js';
import { Game } from './catalogue.entities.js';
import { toGameDto } from './catalogue.mappers.js';
import { type GameBody } from './dto/catalogue.dto.js';
import { invalidField } from '../../common/validation.js';
import { recordCatalogueChange } from './catalogue.reads.js';
import type { Principal } from '../../common/principal.js';
import { recordStaffChange } from '../audit/index.js';

/** The games the league races: admins keep them, everyone reads them. */
@Injectable()
export class GamesService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
  ) {}

  async list(): Promise<GameDto[]> {
    return (await this.em.find(Game, {}, { orderBy: { name: 'asc' } })).map(toGameDto);
  }

  async get(id: number): Promise<GameDto> {
    return toGameDto(await findGame(this.em, id));
  }

  /** The game, or null when it does not exist (for modules checking a game id they were given). */
  async lookup(id: number): Promise<GameDto | null> {
    const game = await this.em.findOne(Game, id);
    return game ? toGameDto(game) : null;
  }

  /**
   * The game, loaded in `em` (the caller's transaction), for modules whose entities relate to it;
   * 404 when it does not exist.
   */
  find(em: EntityManager, id: number): Promise<Game> {
    return findGame(em, id);
  }

  /** Creates the game, or updates it when `body.id` is given; an uploaded icon replaces the old one. */
  async save(admin: Principal, body: GameBody, upload?: UploadedImage): Promise<GameDto> {
    const crossPlayPlatforms = body.crossPlayPlatforms ?? [];
    crossPlayPlatforms.forEach((group, index) => {
      const foreign = group.platforms.filter((platform) => !body.platforms.includes(platform));
      if (foreign.length) {
        throw invalidField(`crossPlayPlatforms.${index}.platforms`, `${foreign.join(', ')} is not a platform of this game`);
      }
    });
    const icon = await this.images.prepare(upload, ICON_BOUNDS);
    try {
      return await this.em.transactional(async (em) => {
        const game = body.id ? await findGame(em, body.id) : em.create(Game, { name: body.name, platforms: body.platforms });
        const before = body.id ? toGameDto(game) : null;
        game.name = body.name;
        game.platforms = body.platforms;
        game.crossPlayPlatforms = crossPlayPlatforms.map(({ name, platforms }) => ({ name, platforms }));
        this.images.setIcon(em, game, icon);
        await em.flush();
        recordCatalogueChange(em, game.id);
        const after = toGameDto(game);
        recordStaffChange(em, { actorId: admin.userId, kind: 'game', entityId: game.id, label: game.name, action: before ? 'saved' : 'created', before, after });
        return after;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictException(`A game named "${body.name}" already exists`);
      throw error;
    }
  }

  /** Deletes a game with its tracks and cars; refused (409) while events race it. */
  async remove(admin: Principal, id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const game = await findGame(em, id);
      recordStaffChange(em, { actorId: admin.userId, kind: 'game', entityId: id, label: game.name, action: 'deleted', before: toGameDto(game), after: null });
      this.images.removeIcon(em, game);
      em.remove(game);
      recordCatalogueChange(em, id);
    });
  }
}

export async function findGame(em: EntityManager, id: number): Promise<Game> {
  const game = await em.findOne(Game, id);
  if (!game) throw new NotFoundException(`Game ${id} not found`);
  return game;
}
