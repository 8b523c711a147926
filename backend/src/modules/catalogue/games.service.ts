import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ICON_BOUNDS, type UploadedImage, ImagesService } from '../images/index.js';
import type { GameDto } from '../../contracts/catalogue.js';
import { Game } from './catalogue.entities.js';
import { toGameDto } from './catalogue.mappers.js';
import { type GameBody } from './dto/catalogue.dto.js';
import { invalidField } from '../../common/validation.js';
import { recordSaved, type RemovableKind, removeRecord, saveNamedRecord } from './catalogue.writes.js';
import type { Principal } from '../../common/principal.js';
import { findOrNotFound } from '../../common/find-or-not-found.js';

/** The games the league races: admins keep them, everyone reads them. */
const GAMES: RemovableKind<Game> = { kind: 'game', find: findGame, gameOf: (game) => game.id, snapshot: toGameDto };

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
    return saveNamedRecord(this.em, `A game named "${body.name}" already exists`, async (em) => {
      const game = body.id ? await findGame(em, body.id) : em.create(Game, { name: body.name, platforms: body.platforms });
      const before = body.id ? toGameDto(game) : null;
      game.name = body.name;
      game.platforms = body.platforms;
      game.crossPlayPlatforms = crossPlayPlatforms.map(({ name, platforms }) => ({ name, platforms }));
      this.images.setIcon(em, game, icon);
      await em.flush();
      const after = toGameDto(game);
      recordSaved(em, admin, 'game', game, game.id, { before, after });
      return after;
    });
  }

  /** Deletes a game with its tracks and cars; refused (409) while events race it. */
  async remove(admin: Principal, id: number): Promise<void> {
    await removeRecord(this.em, this.images, admin, GAMES, id);
  }
}

/** The game a track's or car's body names, in `em`: one that does not exist is the body's mistake (400 on `game.id`). */
export function gameOfBody(em: EntityManager, body: { game: { id: number } }): Promise<Game> {
  return findGame(em, body.game.id).catch(() => {
    throw invalidField('game.id', `game ${body.game.id} does not exist`);
  });
}

export function findGame(em: EntityManager, id: number): Promise<Game> {
  return findOrNotFound(em, Game, 'Game', id);
}
