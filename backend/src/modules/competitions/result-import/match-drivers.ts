/**
 * Matches an imported classification's drivers to the league's profiles: by platform id first, then by
 * name (ignoring case, accents and spacing). A profile is given to one line at most, and a guess is never
 * made — an ambiguous or conflicting line is left for the organizer to map by hand.
 */
import { normalizePlatformId } from './classification.js';

export interface DriverCandidate {
  profileId: number;
  driverName: string;
  steamId: string | null;
  xboxGamertag?: string | null;
  psnId?: string | null;
}

/** The part of an imported line matching reads: any `ImportedLine` fits. */
export interface MatchableLine {
  driver: { name: string; platformId: string | null };
}

export interface DriverMatches<L extends MatchableLine> {
  /** In the lines' order. */
  matched: { line: L; profileId: number }[];
  unmatched: L[];
}

export function matchDrivers<L extends MatchableLine>(lines: readonly L[], candidates: readonly DriverCandidate[]): DriverMatches<L> {
  const profileOf = new Map<L, number>();
  const taken = new Set<number>();
  const assign = (line: L, candidate: DriverCandidate) => {
    profileOf.set(line, candidate.profileId);
    taken.add(candidate.profileId);
  };

  for (const line of lines) {
    const id = platformKey(line.driver.platformId);
    if (!id) continue;
    const owners = candidates.filter((candidate) => !taken.has(candidate.profileId) && platformKeys(candidate).includes(id));
    if (owners.length === 1) assign(line, owners[0]);
  }

  const open = lines.filter((line) => !profileOf.has(line));
  const openCandidates = candidates.filter((candidate) => !taken.has(candidate.profileId));
  for (const line of open) {
    const name = nameKey(line.driver.name);
    if (!name) continue;
    const sameName = openCandidates.filter((candidate) => nameKey(candidate.driverName) === name);
    const linesOfThatName = open.filter((other) => nameKey(other.driver.name) === name);
    // Two profiles or two lines of one name: which is which is the organizer's call.
    if (sameName.length !== 1 || linesOfThatName.length !== 1) continue;
    if (idsConflict(line, sameName[0])) continue;
    assign(line, sameName[0]);
  }

  return {
    matched: lines.filter((line) => profileOf.has(line)).map((line) => ({ line, profileId: profileOf.get(line)! })),
    unmatched: lines.filter((line) => !profileOf.has(line)),
  };
}

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
