/**
 * The Profile page's form: values as the inputs hold them, the checks with their messages (the same
 * rules the API applies, from the contracts), and the PATCH body. Empty text clears a field.
 */
import type { Platform } from '@paddock/contracts/catalogue.js';
import {
  PLATFORM_ID_FIELD,
  PLATFORM_LABEL,
  SOCIAL_NETWORKS,
  driverNumberProblem,
  numberTakenMessage,
  textFieldProblem,
  type MyProfileDto,
  type PlatformIdField,
  type ProfileTextField,
  type ProfileUpdateRequest,
  type SocialNetwork,
} from '@paddock/contracts/profiles.js';

export interface ProfileFormValues {
  driverNumber: string;
  name: string;
  alternativeName: string;
  xboxUsername: string;
  steamUsername: string;
  steamId: string;
  psnName: string;
  country: string;
  timeZone: string;
  hidden: boolean;
  platforms: Platform[];
  gameIds: number[];
  socials: Record<SocialNetwork, string>;
}

export function profileFormFrom(profile: MyProfileDto): ProfileFormValues {
  return {
    driverNumber: profile.driverNumber === null ? '' : String(profile.driverNumber),
    name: profile.name ?? '',
    alternativeName: profile.alternativeName ?? '',
    xboxUsername: profile.xboxUsername ?? '',
    steamUsername: profile.steamUsername ?? '',
    steamId: profile.steamId ?? '',
    psnName: profile.psnName ?? '',
    country: profile.country ?? '',
    timeZone: profile.timeZone ?? '',
    hidden: profile.hidden,
    platforms: [...profile.platforms],
    gameIds: profile.games.map((game) => game.id),
    socials: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, profile.socials[network] ?? ''])) as Record<SocialNetwork, string>,
  };
}

const orNull = (text: string) => text.trim() || null;

export function profileBodyFrom(values: ProfileFormValues): ProfileUpdateRequest {
  return {
    driverNumber: values.driverNumber.trim() === '' ? null : Number(values.driverNumber),
    name: orNull(values.name),
    alternativeName: orNull(values.alternativeName),
    xboxUsername: orNull(values.xboxUsername),
    steamUsername: orNull(values.steamUsername),
    steamId: orNull(values.steamId),
    psnName: orNull(values.psnName),
    country: orNull(values.country.toUpperCase()),
    timeZone: orNull(values.timeZone),
    hidden: values.hidden,
    platforms: values.platforms,
    gameIds: values.gameIds,
    socials: Object.fromEntries(Object.entries(values.socials).filter(([, url]) => url.trim() !== '')),
  };
}

/** The driver number's check: a whole number 1–999 that no other driver holds. */
export function numberCheck(value: string, taken: readonly number[]): string | true {
  if (value.trim() === '') return true;
  const number = Number(value);
  const problem = driverNumberProblem(Number.isFinite(number) ? number : Number.NaN);
  if (problem) return problem;
  return taken.includes(number) ? numberTakenMessage(number) : true;
}

export function textCheck(field: ProfileTextField) {
  return (value: string): string | true => textFieldProblem(field, value) ?? true;
}

/** The form's label of each platform id field. */
export const PLATFORM_ID_LABEL: Record<PlatformIdField, string> = { xboxUsername: 'Xbox gamertag', steamUsername: 'Steam name', psnName: 'PSN id' };

export type CompletionField = 'driverNumber' | 'platforms' | PlatformIdField;

/**
 * What the form says beside each field a complete profile still needs (SPEC §4: a driver number and the id on
 * a platform raced on; the rule itself is `missingForCompletion` in the contracts). Empty when complete.
 */
export function completionProblems(values: Pick<ProfileFormValues, CompletionField>): Partial<Record<CompletionField, string>> {
  const problems: Partial<Record<CompletionField, string>> = {};
  if (values.driverNumber.trim() === '') problems.driverNumber = 'Your driver number is needed to race';
  if (!values.platforms.length) problems.platforms = 'Tick a platform you race on';
  else if (!values.platforms.some((platform) => values[PLATFORM_ID_FIELD[platform]].trim() !== '')) {
    const others = values.platforms.length > 1 ? ' (or the id of another platform you ticked)' : '';
    for (const platform of values.platforms) {
      const field = PLATFORM_ID_FIELD[platform];
      problems[field] = `Your ${PLATFORM_ID_LABEL[field]} is needed to race on ${PLATFORM_LABEL[platform]}${others}`;
    }
  }
  return problems;
}

/** The platform id field a ticked platform needs. */
export const idFieldOf = (platform: Platform) => PLATFORM_ID_FIELD[platform];

export const COUNTRY_CHECK = (value: string): string | true =>
  value.trim() === '' || /^[A-Za-z]{2}$/.test(value.trim()) ? true : 'A country is a two-letter code, e.g. NL or GB';
export const SOCIAL_CHECK = (value: string): string | true => (value.trim() === '' || /^https:\/\/\S+$/i.test(value.trim()) ? true : 'A link starts with https://');

/**
 * The time zones to offer (IANA names), the viewer's own first, then the one saved and UTC; with `all`,
 * every other zone the browser knows after them (some 420).
 */
export function timeZoneOptions(current: string, all = true): string[] {
  const known = all && typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [...new Set([own, current, 'UTC', ...known].filter(Boolean))];
}
