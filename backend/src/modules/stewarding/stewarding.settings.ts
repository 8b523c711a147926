import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_STEWARDING_SETTINGS, type StewardingSettingsDto } from '../../contracts/stewarding.js';
import { StewardingSettings } from './stewarding.entities.js';

/** A season's stewarding settings: stored ones, else the defaults. */
export async function seasonSettings(em: EntityManager, seasonId: number): Promise<StewardingSettingsDto> {
  return (await seasonsSettings(em, [seasonId])).get(seasonId)!;
}

/** The stewarding settings of each of these seasons (stored ones, else the defaults), in one query. */
export async function seasonsSettings(em: EntityManager, seasonIds: readonly number[]): Promise<Map<number, StewardingSettingsDto>> {
  const ids = [...new Set(seasonIds)];
  const stored = ids.length ? await em.find(StewardingSettings, { season: { $in: ids } }) : [];
  const bySeason = new Map(stored.map((settings) => [settings.season.id, settings]));
  return new Map(
    ids.map((seasonId) => {
      const own = bySeason.get(seasonId);
      if (!own) return [seasonId, { seasonId, ...DEFAULT_STEWARDING_SETTINGS }];
      return [
        seasonId,
        {
          seasonId,
          coolDownMinutes: own.coolDownMinutes,
          protestDeadlineMinutes: own.protestDeadlineMinutes,
          decisionDueMinutes: own.decisionDueMinutes,
          panelSize: own.panelSize,
          majority: own.majority,
          appealWindowMinutes: own.appealWindowMinutes,
          licenceBanThreshold: own.licenceBanThreshold,
          licenceBanEvents: own.licenceBanEvents,
          licenceExpiryEvents: own.licenceExpiryEvents,
          panelHiddenUntilDecision: own.panelHiddenUntilDecision,
        },
      ];
    }),
  );
}

const MINUTE = 60_000;
export const addMinutes = (at: Date, minutes: number): Date => new Date(at.getTime() + minutes * MINUTE);

/** When filing opens and closes for a race that started at `raceStart`. */
export function filingWindow(raceStart: Date, settings: Pick<StewardingSettingsDto, 'coolDownMinutes' | 'protestDeadlineMinutes'>): { opensAt: Date; closesAt: Date } {
  return { opensAt: addMinutes(raceStart, settings.coolDownMinutes), closesAt: addMinutes(raceStart, settings.protestDeadlineMinutes) };
}
