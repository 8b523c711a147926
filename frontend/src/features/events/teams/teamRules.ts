import { lineupLocksAt } from '@paddock/contracts/events.js';
import type { TeamDto } from '@paddock/contracts/teams.js';
import { showTime } from '../../../components/dateTime.js';
import type { EventDto } from '../types.js';

/** "2 to 4 drivers a team" (or "3 drivers a team"). */
export function teamSizeRule(event: Pick<EventDto, 'teamSizeMin' | 'teamSizeMax'>): string {
  const { teamSizeMin: min, teamSizeMax: max } = event;
  return min === max ? `${max} driver${max === 1 ? '' : 's'} a team` : `${min} to ${max} drivers a team`;
}

/** When line-ups lock, in the viewer's time. */
export function lockText(event: Pick<EventDto, 'date' | 'lineupLockMinutes'>): string {
  return showTime(lineupLocksAt(event).toISOString()).dateTime;
}

/** Teams that may enter the event: those of its game, or of no game. */
export function teamsForEvent<T extends Pick<TeamDto, 'game'>>(teams: T[], event: Pick<EventDto, 'game'>): T[] {
  return teams.filter((team) => team.game === null || team.game.id === event.game.id);
}
