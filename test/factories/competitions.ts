import type { EntityManager } from '@mikro-orm/postgresql';
import { POINTS_PRESETS, type CompetitionStyle, type PointsSystem } from '../../backend/src/contracts/competitions.js';
import type { Game } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { Competition, CompetitionGroup, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { nextNumber } from './sequence.js';

/** F1 points for races, the sprint table for sprints, no bonuses, every round counts: what a test changes it from. */
export function pointsSystem(overrides: Partial<PointsSystem> = {}): PointsSystem {
  return {
    preset: 'F1',
    tables: { RACE: [...POINTS_PRESETS.F1], SPRINT: [...POINTS_PRESETS.SPRINT] },
    bonuses: { pole: 0, fastestLap: 0, onlyInsideTop: null },
    minimumDistancePercent: 0,
    countBestRounds: null,
    neverDropLastRounds: 0,
    noShowPenalty: 0,
    dnfScores: false,
    teamBestDrivers: null,
    ...overrides,
  };
}

/** A competition group with a unique name. */
export async function newCompetitionGroup(em: EntityManager, overrides: { name?: string; position?: number } = {}): Promise<CompetitionGroup> {
  const group = em.create(CompetitionGroup, { name: `Factory Group ${nextNumber()}`, ...overrides });
  await em.persist(group).flush();
  return group;
}

export interface CompetitionOverrides {
  name?: string;
  style?: CompetitionStyle;
  group?: CompetitionGroup | null;
  game?: Game | null;
  current?: boolean;
  leaderboardsEnabled?: boolean;
}

/** A SOLO competition on PC, current, in no group unless told otherwise. */
export async function newCompetition(em: EntityManager, overrides: CompetitionOverrides = {}): Promise<Competition> {
  const competition = em.create(Competition, { name: `Factory Cup ${nextNumber()}`, style: 'SOLO', platforms: ['PC'], current: true, ...overrides });
  await em.persist(competition).flush();
  return competition;
}

/** A season of the competition (F1 points unless told otherwise), with these events as its rounds. */
export async function newSeason(
  em: EntityManager,
  competition: Competition,
  overrides: { name?: string; pointsSystem?: PointsSystem; events?: LeagueEvent[] } = {},
): Promise<Season> {
  const { events = [], ...fields } = overrides;
  const season = em.create(Season, { competition, name: `Season ${nextNumber()}`, pointsSystem: pointsSystem(), ...fields });
  await em.persist(season).flush();
  if (events.length) await em.nativeUpdate(LeagueEvent, { id: { $in: events.map((event) => event.id) } }, { season: season.id });
  return season;
}
