/**
 * The signed-in user follows changes (`me.changed`: completed profile, promotion, team roles,
 * invitations; or this browser's own save): looked up again, so menus, IsNew and the Profile redirect
 * follow without a reload. What else pushes refetch is declared in contracts/pushes.ts.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MyProfileDto, ProfileUpdateRequest } from '@paddock/contracts/profiles.js';
import type { CurrentUserDto } from '@paddock/contracts/api.js';
import { api } from '../../lib/api/client.js';
import { appStore, type AppStore } from '../../lib/store.js';
import { currentUserAtom } from '../auth/index.js';
import { profileCommands, profileKeys } from './api.js';

/** Looks the signed-in user up again (after the own profile changed, a promotion, a team change). */
export async function refreshCurrentUser(store: AppStore = appStore): Promise<CurrentUserDto | null> {
  try {
    const user = await api.get('/users/me', { silent: true });
    store.set(currentUserAtom, user);
    return user;
  } catch {
    // Signed out meanwhile, or the network is away: the next start-up or message tries again.
    return null;
  }
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
