/**
 * The signed-in user follows changes (`me.changed`: completed profile, promotion, team roles,
 * invitations; or this browser's own save): looked up again, so menus, IsNew and the Profile redirect
 * follow without a reload. What else pushes refetch is declared in contracts/pushes.ts.
 */
import type { CurrentUserDto } from '@paddock/contracts/api.js';
import { api } from '../../lib/api/client.js';
import { appStore, type AppStore } from '../../lib/store.js';
import { currentUserAtom } from '../auth/index.js';

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
