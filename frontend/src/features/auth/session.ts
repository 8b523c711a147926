import type { CurrentUserDto, DriverProfile } from '@paddock/contracts/api.js';
import { roleFlags, type RoleFlags } from '@paddock/contracts/roles.js';

export interface Session extends RoleFlags {
  loggedIn: boolean;
  user: CurrentUserDto | null;
  profileCompleted: boolean;
  profileId: number | null;
}

export const SIGNED_OUT: Session = {
  ...roleFlags([]),
  loggedIn: false,
  user: null,
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
