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

export function driverDisplayName(profile: NamedProfile | null | undefined): string {
  if (!profile) return INCOMPLETE_PROFILE;
  const shown = [profile.xboxUsername, profile.steamUsername, profile.psnName, profile.alternativeName, profile.name]
    .map((candidate) => candidate?.trim())
    .find((candidate) => !!candidate);
  if (!shown) return INCOMPLETE_PROFILE;
  return profile.driverNumber == null ? shown : `[ ${profile.driverNumber} ] - ${shown}`;
}
