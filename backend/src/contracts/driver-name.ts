/** The driver display name of SPEC §3 — the one place this rule lives, used by API and client alike. */
export interface NamedProfile {
  driverNumber?: number | null;
  xboxUsername?: string | null;
  steamUsername?: string | null;
  psnName?: string | null;
  alternativeName?: string | null;
  name?: string | null;
}

export const INCOMPLETE_PROFILE = 'Incomplete profile';
/** Shown instead of a hidden driver's name and number to those who may not see them. */
export const PRIVATE_DRIVER = 'Private driver';

export function driverDisplayName(profile: NamedProfile | null | undefined): string {
  if (!profile) return INCOMPLETE_PROFILE;
  const shown = [profile.xboxUsername, profile.steamUsername, profile.psnName, profile.alternativeName, profile.name]
    .map((candidate) => candidate?.trim())
    .find((candidate) => !!candidate);
  if (!shown) return INCOMPLETE_PROFILE;
  return profile.driverNumber == null ? shown : `[ ${profile.driverNumber} ] - ${shown}`;
}

export interface ShownDriver {
  driverName: string;
  driverNumber: number | null;
}

/**
 * A driver as a view shows them: a hidden profile is "Private driver", without a number, unless the
 * viewer may see it (its owner, organizers). Every view that names drivers masks them with this.
 */
export function shownDriver(profile: NamedProfile & { hidden: boolean }, viewerSeesHidden: boolean): ShownDriver {
  if (profile.hidden && !viewerSeesHidden) return { driverName: PRIVATE_DRIVER, driverNumber: null };
  return { driverName: driverDisplayName(profile), driverNumber: profile.driverNumber ?? null };
}
