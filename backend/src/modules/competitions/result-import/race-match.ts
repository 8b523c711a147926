/**
 * Whether a result file is for the race it is imported into: the same game (the file's game against
 * the event's game in the catalogue) and the same track, compared loosely — case, accents, punctuation,
 * and a short name inside a long one ("monza" is "Autodromo Nazionale Monza", "ks_red_bull_ring" is
 * "Red Bull Ring").
 */

export interface RaceSetting {
  /** The game's name (the catalogue's, or the file's name for its game); null when unknown. */
  gameName: string | null;
  trackName: string | null;
}

/** Other names the catalogue may give the games result files come from. */
const GAME_ALIASES: Record<string, string[]> = {
  assettocorsacompetizione: ['acc'],
  assettocorsa: ['ac'],
  rfactor2: ['rf2'],
  lemansultimate: ['lmu'],
};

/** Words that say nothing about which circuit it is. */
const GENERIC_WORDS = new Set([
  'circuit',
  'circuito',
  'autodromo',
  'raceway',
  'speedway',
  'international',
  'motorsport',
  'park',
  'layout',
  'full',
  'national',
  'grand',
  'prix',
]);

/** The message refusing a file for another race, or null when game and track agree (or cannot be compared). */
export function raceMismatch(file: RaceSetting, race: RaceSetting): string | null {
  const gameDiffers = !!file.gameName && !!race.gameName && !sameGame(file.gameName, race.gameName);
  const trackDiffers = !!file.trackName && !!race.trackName && !sameTrack(file.trackName, race.trackName);
  if (!gameDiffers && !trackDiffers) return null;
  const fileSide = `This is ${article(file.gameName ?? 'a result')} ${file.gameName ?? 'result'} file${file.trackName ? ` from ${trackLabel(file.trackName)}` : ''}`;
  const raceSide = `the race is ${race.gameName ?? 'another game'}${race.trackName ? ` at ${race.trackName}` : ''}`;
  return `${fileSide}; ${raceSide}`;
}

export function sameGame(a: string, b: string): boolean {
  const names = (name: string) => {
    const key = compact(name);
    return [key, ...(GAME_ALIASES[key] ?? [])];
  };
  const mine = names(a);
  return names(b).some((name) => mine.includes(name));
}

export function sameTrack(fileTrack: string, raceTrack: string): boolean {
  const file = compact(withoutGamePrefix(fileTrack));
  const race = compact(raceTrack);
  if (!file || !race) return true;
  if (file.includes(race) || race.includes(file)) return true;
  const raceWords = new Set(words(raceTrack));
  return words(withoutGamePrefix(fileTrack)).some((word) => raceWords.has(word));
}

/** "ks_red_bull_ring (layout_gp)" → "Red Bull Ring (Layout Gp)": a file's track as a person reads it. */
export function trackLabel(fileTrack: string): string {
  return withoutGamePrefix(fileTrack)
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|[\s(])(\p{Ll})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
}

/** Kunos prefixes its own tracks' folders with "ks_". */
const withoutGamePrefix = (track: string) => track.replace(/^ks_/i, '');

const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const compact = (text: string) => plain(text).replace(/[^\p{L}\p{N}]/gu, '');
const words = (text: string) =>
  plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4 && !GENERIC_WORDS.has(word));
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
