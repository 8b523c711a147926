import type { CurrentUserDto, DriverProfile } from '../../../../backend/src/contracts/api.js';
import { roleFlags, type RoleFlags } from '../../../../backend/src/contracts/roles.js';

export interface Session extends RoleFlags {
  loggedIn: boolean;
  user: CurrentUserDto | null;
  /** Hosts see the (then empty) Admin menu (SPEC §6). No league role grants it yet. */
  isHost: boolean;
  profileCompleted: boolean;
  profileId: number | null;
}

export const SIGNED_OUT: Session = {
  ...roleFlags([]),
  loggedIn: false,
  user: null,
  isHost: false,
  profileCompleted: false,
  profileId: null,
};

export function hasDriverProfile(profile: CurrentUserDto['driverProfile']): profile is DriverProfile {
  return 'id' in profile;
}

export function sessionOf(user: CurrentUserDto | null): Session {
  if (!user) return SIGNED_OUT;
  const profile = hasDriverProfile(user.driverProfile) ? user.driverProfile : null;
  return {
    ...roleFlags(user.roles.map(({ role }) => role)),
    loggedIn: true,
    user,
    isHost: false,
    profileCompleted: profile?.profileCompleted === true,
    profileId: profile?.id ?? null,
  };
}

/** The name in the header's user menu. */
export function accountName(user: CurrentUserDto): string {
  return user.globalName?.trim() || user.username;
}

/** 'Welcome {name}' on Home: the driver name from the profile, else the global name (SPEC §2). */
export function welcomeName(user: CurrentUserDto): string {
  const driverName = hasDriverProfile(user.driverProfile) ? user.driverProfile.name?.trim() : '';
  return driverName || accountName(user);
}

export function avatarUrl(user: CurrentUserDto, avatarBase: string): string | null {
  if (!user.avatar) return null;
  return `${avatarBase}/avatars/${user.discordId}/${user.avatar}.png`;
}
