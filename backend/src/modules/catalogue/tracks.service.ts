import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ICON_BOUNDS, type UploadedImage, ImagesService } from '../images/index.js';
import type { TrackDto } from '../../contracts/catalogue.js';
import { Track, TrackVariant } from './catalogue.entities.js';
import { toTrackDto } from './catalogue.mappers.js';
import { type TrackBody } from './dto/catalogue.dto.js';
import { invalidField } from '../../common/validation.js';
import { findGame, gameOfBody } from './games.service.js';
import { recordSaved, type RemovableKind, removeRecord, saveNamedRecord } from './catalogue.writes.js';
import type { Principal } from '../../common/principal.js';
import { findOrNotFound } from '../../common/find-or-not-found.js';

/** Tracks of each game with their variants (the layouts events race on). */
const TRACKS: RemovableKind<Track> = { kind: 'track', find: findTrack, gameOf: (track) => track.game.id, snapshot: toTrackDto };

@Injectable()
export class TracksService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
  ) {}

  async listForGame(gameId: number): Promise<TrackDto[]> {
    await findGame(this.em, gameId);
    const tracks = await this.em.find(Track, { game: gameId }, { populate: ['variants'], orderBy: { name: 'asc' } });
    return tracks.map(toTrackDto);
  }

  /**
   * Those of `variantIds` that are variants of the game, with their tracks, loaded in `em` (the
   * caller's transaction) for modules whose entities relate to them.
   */
  async variantsOfGame(em: EntityManager, gameId: number, variantIds: number[]): Promise<Map<number, TrackVariant>> {
    if (!variantIds.length) return new Map();
    const found = await em.find(TrackVariant, { id: { $in: variantIds }, track: { game: gameId } }, { populate: ['track'] });
    return new Map(found.map((variant) => [variant.id, variant]));
  }

  async get(id: number): Promise<TrackDto> {
    return toTrackDto(await findTrack(this.em, id));
  }

  /**
   * Creates or updates a track with exactly the variants given: variants with an `id` are kept and
   * updated, new ones are added, missing ones are removed (refused with 409 while events race them).
   */
  async save(admin: Principal, body: TrackBody, upload?: UploadedImage): Promise<TrackDto> {
    const names = body.variants.map((variant) => variant.name.toLowerCase());
    const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
    if (repeated >= 0) throw invalidField(`variants.${repeated}.name`, 'variant names must differ');
    const icon = await this.images.prepare(upload, ICON_BOUNDS);
    return saveNamedRecord(this.em, `"${body.name}" already exists in this game, or two variants share a name`, async (em) => {
      const game = await gameOfBody(em, body);
      const track = body.id ? await findTrack(em, body.id) : em.create(Track, { game, name: body.name, country: body.country });
      const before = body.id ? toTrackDto(track) : null;
      if (track.game.id !== game.id) throw invalidField('game.id', 'a track cannot move to another game');
      track.name = body.name;
      track.country = body.country;
      this.images.setIcon(em, track, icon);
      const existing = new Map(track.variants.getItems().map((variant) => [variant.id, variant]));
      body.variants.forEach((given, index) => {
        if (given.id !== undefined && !existing.has(given.id)) {
          throw invalidField(`variants.${index}.id`, `variant ${given.id} is not a variant of this track`);
        }
      });
      const kept = new Set(body.variants.map((given) => given.id).filter((id) => id !== undefined));
      for (const variant of existing.values()) if (!kept.has(variant.id)) em.remove(variant);
      // Removals and renames first, so a new variant may take a name an old one gave up.
      await em.flush();
      for (const given of body.variants) {
        const variant = given.id ? existing.get(given.id)! : em.create(TrackVariant, { track, name: given.name, lengthMeters: given.lengthMeters });
        variant.name = given.name;
        variant.lengthMeters = given.lengthMeters;
      }
      await em.flush();
      const after = toTrackDto(await findTrack(em, track.id, true));
      recordSaved(em, admin, 'track', track, game.id, { before, after });
      return after;
    });
  }

  /** Deletes a track and its variants; refused (409) while events race them. */
  async remove(admin: Principal, id: number): Promise<void> {
    await removeRecord(this.em, this.images, admin, TRACKS, id);
  }
}

function findTrack(em: EntityManager, id: number, refresh = false): Promise<Track> {
  return findOrNotFound(em, Track, 'Track', id, { populate: ['variants'], refresh });
}
