import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_STEWARDING_SETTINGS, type StewardingSettingsDto } from '../../contracts/stewarding.js';
import { StewardingSettings } from './stewarding.entities.js';

/** A season's stewarding settings: stored ones, else the defaults. */
export async function seasonSettings(em: EntityManager, seasonId: number): Promise<StewardingSettingsDto> {
  const stored = await em.findOne(StewardingSettings, { season: seasonId });
  if (!stored) return { seasonId, ...DEFAULT_STEWARDING_SETTINGS };
  return {
    seasonId,
    coolDownMinutes: stored.coolDownMinutes,
    protestDeadlineMinutes: stored.protestDeadlineMinutes,
    decisionDueMinutes: stored.decisionDueMinutes,
    panelSize: stored.panelSize,
    majority: stored.majority,
    appealWindowMinutes: stored.appealWindowMinutes,
    licenceBanThreshold: stored.licenceBanThreshold,
    licenceBanEvents: stored.licenceBanEvents,
    licenceExpiryEvents: stored.licenceExpiryEvents,
  };
}

const MINUTE = 60_000;
export const addMinutes = (at: Date, minutes: number): Date => new Date(at.getTime() + minutes * MINUTE);

/** When filing opens and closes for a race that started at `raceStart`. */
export function filingWindow(raceStart: Date, settings: Pick<StewardingSettingsDto, 'coolDownMinutes' | 'protestDeadlineMinutes'>): { opensAt: Date; closesAt: Date } {
  return { opensAt: addMinutes(raceStart, settings.coolDownMinutes), closesAt: addMinutes(raceStart, settings.protestDeadlineMinutes) };
}
