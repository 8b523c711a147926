import { atom } from 'jotai';
import type { CurrentUserDto } from '@paddock/contracts/api.js';
import { sessionOf } from './session.js';

/** The signed-in user from GET /api/users/me; null while signed out. */
export const currentUserAtom = atom<CurrentUserDto | null>(null);

export const sessionAtom = atom((get) => sessionOf(get(currentUserAtom)));
