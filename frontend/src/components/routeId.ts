/**
 * The record id a URL segment names (`/admin/tracks/12`), or null when it names none (`abc`, `1.5`,
 * `-3`, `0`): such a URL shows the not-found page instead of asking the API about `NaN`.
 */
export function routeId(segment: string | undefined): number | null {
  if (segment === undefined || !/^[1-9]\d{0,15}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
