/**
 * How driver and team data in the cache follows pushed messages: the caller's own user (`me.changed`:
 * completed profile, promotion, team roles, invitations) is looked up again, so menus, IsNew and the
 * Profile redirect follow without a reload; lists and pages of drivers and teams are refetched.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MyProfileDto, ProfileUpdateRequest } from '@paddock/contracts/profiles.js';
import type { CurrentUserDto } from '@paddock/contracts/api.js';
import { api } from '../../lib/api/client.js';
import { appStore, type AppStore } from '../../lib/store.js';
import { currentUserAtom } from '../auth/index.js';
import { teamKeys } from '../teams/index.js';
import { profileCommands, profileKeys } from './api.js';

/** Looks the signed-in user up again (after the own profile changed, a promotion, a team change). */
export async function refreshCurrentUser(store: AppStore = appStore): Promise<CurrentUserDto | null> {
  try {
    const user = await api.get<CurrentUserDto>('/users/me', { silent: true });
    store.set(currentUserAtom, user);
    return user;
  } catch {
    // Signed out meanwhile, or the network is away: the next start-up or message tries again.
    return null;
  }
}

export function onMeChanged(queryClient: QueryClient): void {
  void refreshCurrentUser();
  void queryClient.invalidateQueries({ queryKey: profileKeys.mine });
  void queryClient.invalidateQueries({ queryKey: teamKeys.invites });
  void queryClient.invalidateQueries({ queryKey: teamKeys.mine });
}

export function onDriversChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  void queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

export function onTeamsChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: teamKeys.all });
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
}

/** Saves the own profile: the answer is the profile shown, the taken numbers are asked again, and so is the user (its completeness opens the league). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useCallback(
    async (changes: ProfileUpdateRequest, idempotencyKey?: string): Promise<MyProfileDto> => {
      const updated = await profileCommands.update(changes, idempotencyKey);
      queryClient.setQueryData(profileKeys.mine, updated);
      void queryClient.invalidateQueries({ queryKey: profileKeys.takenNumbers });
      await refreshCurrentUser();
      return updated;
    },
    [queryClient],
  );
}
