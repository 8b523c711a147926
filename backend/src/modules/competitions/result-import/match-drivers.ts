/**
 * Matches an imported classification's drivers to the league's profiles: first by a game identity an
 * organizer mapped in an earlier import (remembered), then by platform id, then by name (ignoring case,
 * accents and spacing) — ids before names. A profile is given to one driver at most, and a guess is
 * never made: an ambiguous or conflicting driver is left for the organizer to decide.
 */
import { normalizePlatformId } from './classification.js';

export interface DriverCandidate {
  profileId: number;
  driverName: string;
  steamId: string | null;
  xboxGamertag?: string | null;
  psnId?: string | null;
}

/** The part of an imported line (or of one of its drivers, wrapped) matching reads: any `ImportedLine` fits. */
export interface MatchableLine {
  driver: { name: string; platformId: string | null };
}

/** How a result file names a driver: a SteamID64, another platform id (ACC playerId, console id), or only a name (rFactor 2). */
export const IDENTITY_KINDS = ['STEAM', 'PLATFORM', 'NAME'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** A driver's game identity as it is remembered: its kind and its value as matching compares it. */
export interface GameIdentity {
  kind: IdentityKind;
  identity: string;
}

/** Remembered identities: `identityKey(identity)` → the profile an organizer mapped it to. */
export type RememberedIdentities = ReadonlyMap<string, number>;

export type MatchedBy = 'REMEMBERED' | 'PLATFORM_ID' | 'NAME';

export interface DriverMatches<L extends MatchableLine> {
  /** In the lines' order. */
  matched: { line: L; profileId: number; by: MatchedBy }[];
  unmatched: L[];
}

export function matchDrivers<L extends MatchableLine>(
  lines: readonly L[],
  candidates: readonly DriverCandidate[],
  remembered: RememberedIdentities = new Map(),
): DriverMatches<L> {
  const match = new Map<L, { profileId: number; by: MatchedBy }>();
  const known = new Set(candidates.map((candidate) => candidate.profileId));
  const taken = new Set<number>();
  const assign = (line: L, profileId: number, by: MatchedBy) => {
    match.set(line, { profileId, by });
    taken.add(profileId);
  };

  for (const line of lines) {
    const identity = identityOf(line.driver);
    const profileId = identity && remembered.get(identityKey(identity));
    if (profileId !== undefined && profileId !== null && known.has(profileId) && !taken.has(profileId)) assign(line, profileId, 'REMEMBERED');
  }

  for (const line of lines) {
    if (match.has(line)) continue;
    const id = platformKey(line.driver.platformId);
    if (!id) continue;
    const owners = candidates.filter((candidate) => !taken.has(candidate.profileId) && platformKeys(candidate).includes(id));
    if (owners.length === 1) assign(line, owners[0].profileId, 'PLATFORM_ID');
  }

  const open = lines.filter((line) => !match.has(line));
  const openCandidates = candidates.filter((candidate) => !taken.has(candidate.profileId));
  for (const line of open) {
    const name = nameKey(line.driver.name);
    if (!name) continue;
    const sameName = openCandidates.filter((candidate) => nameKey(candidate.driverName) === name);
    const linesOfThatName = open.filter((other) => nameKey(other.driver.name) === name);
    // Two profiles or two lines of one name: which is which is the organizer's call.
    if (sameName.length !== 1 || linesOfThatName.length !== 1) continue;
    if (idsConflict(line, sameName[0])) continue;
    assign(line, sameName[0].profileId, 'NAME');
  }

  return {
    matched: lines.flatMap((line) => {
      const found = match.get(line);
      return found ? [{ line, ...found }] : [];
    }),
    unmatched: lines.filter((line) => !match.has(line)),
  };
}

/**
 * The identity a file gives a driver, to remember a mapping by: its SteamID64, another platform id, or
 * (a file without ids, rFactor 2) its name. Null for a driver with neither.
 */
export function identityOf(driver: MatchableLine['driver']): GameIdentity | null {
  const id = normalizePlatformId(driver.platformId);
  if (id) return /^\d{17}$/.test(id) ? { kind: 'STEAM', identity: id } : { kind: 'PLATFORM', identity: id.toLowerCase() };
  const name = nameKey(driver.name);
  return name ? { kind: 'NAME', identity: name } : null;
}

export const identityKey = ({ kind, identity }: GameIdentity) => `${kind}:${identity}`;

/** "Jörg  Schäfer " and "jorg schafer" are one name. */
export function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

function platformKey(id: string | null | undefined): string | null {
  return normalizePlatformId(id)?.toLowerCase() ?? null;
}

function platformKeys(candidate: DriverCandidate): string[] {
  return [candidate.steamId, candidate.xboxGamertag, candidate.psnId].map(platformKey).filter((key): key is string => key !== null);
}

/** A file's Steam id and a profile's different Steam id are two people, whatever their names. */
function idsConflict(line: MatchableLine, candidate: DriverCandidate): boolean {
  const lineId = platformKey(line.driver.platformId);
  const steamId = platformKey(candidate.steamId);
  return lineId !== null && steamId !== null && lineId !== steamId;
}
