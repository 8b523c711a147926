/** Reads shared by the rivals services: track variants with their game, and drivers' names as boards show them. One query per batch. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, NotFoundException } from '@nestjs/common';
import type { CrossPlayGroupDto, Platform } from '../../contracts/catalogue.js';
import { shownDriver } from '../../contracts/driver-name.js';
import type { RivalCarRef, RivalGameRef, RivalProfileRef, RivalTrackRef } from '../../contracts/rivals.js';
import { imageUrl } from '../images/index.js';
import { TRACK_VARIANT_GAMES } from '../catalogue/index.js';
import { DRIVER_NAMES } from '../profiles/index.js';

export interface TrackMeta {
  track: RivalTrackRef;
  game: RivalGameRef;
  platforms: Platform[];
  crossPlayPlatforms: CrossPlayGroupDto[];
}

interface TrackMetaRow {
  id: number;
  name: string;
  track_name: string;
  game_id: number;
  game_name: string;
  game_icon_id: string | null;
  platforms: Platform[];
  cross_play_platforms: CrossPlayGroupDto[];
}

export async function trackMetas(em: EntityManager, variantIds: readonly number[]): Promise<Map<number, TrackMeta>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await em.execute<TrackMetaRow[]>(
    `select v.id, v.name, v.track_name, v.game_id, v.game_name, v.game_icon_id, v.platforms, v.cross_play_platforms
       from ${TRACK_VARIANT_GAMES} v where v.id in (${ids.map(() => '?').join(',')})`,
    ids,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        track: { id: row.id, trackName: row.track_name, name: row.name },
        game: { id: row.game_id, name: row.game_name, icon: imageUrl(row.game_icon_id) },
        platforms: row.platforms,
        crossPlayPlatforms: row.cross_play_platforms ?? [],
      },
    ]),
  );
}

export async function trackMeta(em: EntityManager, variantId: number): Promise<TrackMeta> {
  const meta = (await trackMetas(em, [variantId])).get(variantId);
  if (!meta) throw new NotFoundException(`Track ${variantId} not found`);
  return meta;
}

/** The profile columns a name needs, selected as `p_*` by the board queries. */
export const PROFILE_NAME_COLUMNS =
  'p.id as p_id, p.driver_number as p_driver_number, p.xbox_username as p_xbox_username, p.steam_username as p_steam_username, p.psn_name as p_psn_name, p.alternative_name as p_alternative_name, p.name as p_name, p.hidden as p_hidden';

export interface ProfileNameRow {
  p_id: number;
  p_driver_number: number | null;
  p_xbox_username: string | null;
  p_steam_username: string | null;
  p_psn_name: string | null;
  p_alternative_name: string | null;
  p_name: string | null;
  p_hidden: boolean;
}

/** Public boards show a hidden driver as "Private driver". */
export function profileRef(row: ProfileNameRow): RivalProfileRef {
  return {
    id: row.p_id,
    name: shownDriver(
      {
        hidden: row.p_hidden,
        driverNumber: row.p_driver_number,
        xboxUsername: row.p_xbox_username,
        steamUsername: row.p_steam_username,
        psnName: row.p_psn_name,
        alternativeName: row.p_alternative_name,
        name: row.p_name,
      },
      false,
    ).driverName,
  };
}

export const CAR_COLUMNS = 'c.id as c_id, c.name as c_name, c.icon_id as c_icon_id';

export interface CarRow {
  c_id: number;
  c_name: string;
  c_icon_id: string | null;
}

export function carRef(row: CarRow): RivalCarRef {
  return { id: row.c_id, name: row.c_name, icon: imageUrl(row.c_icon_id) };
}

/** The caller's driver profile id, or 403 when they have none yet. */
export async function ownProfileId(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(`select id from ${DRIVER_NAMES} p where p.user_id = ?`, [userId]);
  if (!row) throw new ForbiddenException('Create your driver profile first');
  return row.id;
}
