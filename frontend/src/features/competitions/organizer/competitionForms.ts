/**
 * The organizer's group and competition forms as values the inputs hold, the checks with their
 * messages, and the JSON parts the API takes (SPEC §3: a JSON part plus an icon and a banner).
 */
import type { CompetitionDto, CompetitionGroupDto, CompetitionGroupRequest, CompetitionRequest, CompetitionStyle, Platform } from '../types.js';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const POSITION_MAX = 1000;

export interface GroupFormValues {
  id: number | null;
  name: string;
  description: string;
  position: string;
}

export interface CompetitionFormValues {
  id: number | null;
  name: string;
  description: string;
  style: CompetitionStyle;
  /** A group id as text; '' for none. */
  groupId: string;
  /** A game id as text; '' for none. */
  gameId: string;
  platforms: Platform[];
  current: boolean;
  leaderboardsEnabled: boolean;
}

/** A name must be filled (the form says so by its label) and short enough. */
const nameCheck = (text: string) => (text.trim().length > NAME_MAX ? `At most ${NAME_MAX} characters` : true);
const descriptionCheck = (text: string) => (text.length > DESCRIPTION_MAX ? `At most ${DESCRIPTION_MAX} characters` : true);

export const GROUP_CHECKS = {
  name: nameCheck,
  description: descriptionCheck,
  position: (text: string) =>
    !text.trim() || (/^\d+$/.test(text.trim()) && Number(text) <= POSITION_MAX) ? true : `A whole number from 0 to ${POSITION_MAX}: smaller comes first`,
};

export const COMPETITION_CHECKS = {
  name: nameCheck,
  description: descriptionCheck,
};

/** A form saved with an icon and a banner (null: keep the current one). */
export type WithImages<V> = V & { icon: File | null; banner: File | null };

export const noImages = { icon: null, banner: null };

export const emptyGroupForm = (): GroupFormValues => ({ id: null, name: '', description: '', position: '0' });

export const groupFormFrom = (group: CompetitionGroupDto): GroupFormValues => ({
  id: group.id,
  name: group.name,
  description: group.description ?? '',
  position: String(group.position),
});

export function groupRequestFrom(values: GroupFormValues): CompetitionGroupRequest {
  return {
    ...(values.id === null ? {} : { id: values.id }),
    name: values.name.trim(),
    description: values.description.trim() || null,
    position: values.position.trim() ? Number(values.position) : 0,
  };
}

export const emptyCompetitionForm = (): CompetitionFormValues => ({
  id: null,
  name: '',
  description: '',
  style: 'SOLO',
  groupId: '',
  gameId: '',
  platforms: [],
  current: true,
  leaderboardsEnabled: true,
});

export const competitionFormFrom = (competition: CompetitionDto): CompetitionFormValues => ({
  id: competition.id,
  name: competition.name,
  description: competition.description ?? '',
  style: competition.style,
  groupId: competition.group ? String(competition.group.id) : '',
  gameId: competition.game ? String(competition.game.id) : '',
  platforms: [...competition.platforms],
  current: competition.current,
  leaderboardsEnabled: competition.leaderboardsEnabled,
});

export function competitionRequestFrom(values: CompetitionFormValues): CompetitionRequest {
  return {
    ...(values.id === null ? {} : { id: values.id }),
    name: values.name.trim(),
    description: values.description.trim() || null,
    style: values.style,
    group: values.groupId ? { id: Number(values.groupId) } : null,
    game: values.gameId ? { id: Number(values.gameId) } : null,
    platforms: values.platforms,
    current: values.current,
    leaderboardsEnabled: values.leaderboardsEnabled,
  };
}

/** The API names fields as the JSON has them (`group.id`); the form's field, or null when it shows none by that name. */
export function competitionFieldOf(path: string): keyof WithImages<CompetitionFormValues> | null {
  const head = path.split('.')[0]!;
  if (head === 'group') return 'groupId';
  if (head === 'game') return 'gameId';
  return (['name', 'description', 'style', 'platforms', 'current', 'leaderboardsEnabled', 'icon', 'banner'] as const).find((field) => field === head) ?? null;
}

export function groupFieldOf(path: string): keyof WithImages<GroupFormValues> | null {
  const head = path.split('.')[0]!;
  return (['name', 'description', 'position', 'icon', 'banner'] as const).find((field) => field === head) ?? null;
}
