import type { LiveDraftDifferenceDto, LiveDraftPlaceDto } from '../../../contracts/competitions.js';
import type { ImportedClassification, ImportedDriver } from './classification.js';
import { identityKey, identityOf } from './match-drivers.js';

interface Placed {
  driver: ImportedDriver;
  place: LiveDraftPlaceDto;
}

/**
 * The drivers the imported file and the live draft place differently (position, laps or status), in the
 * file's order then the draft's: each driver is found in the other by the game identity a file import
 * matches on (platform id, else name), else by name; a driver only one of them has is listed with null.
 */
export function liveDraftDifferences(file: ImportedClassification, draft: ImportedClassification): LiveDraftDifferenceDto[] {
  const fileDrivers = placed(file);
  const draftDrivers = placed(draft);
  const unpaired = new Set(draftDrivers);
  const differences: LiveDraftDifferenceDto[] = [];
  for (const inFile of fileDrivers) {
    const inDraft = counterpart(inFile.driver, [...unpaired]);
    if (inDraft) unpaired.delete(inDraft);
    if (inDraft && samePlace(inFile.place, inDraft.place)) continue;
    differences.push({ name: inFile.driver.name, platformId: inFile.driver.platformId, file: inFile.place, draft: inDraft?.place ?? null });
  }
  for (const inDraft of unpaired) differences.push({ name: inDraft.driver.name, platformId: inDraft.driver.platformId, file: null, draft: inDraft.place });
  return differences;
}

function placed(classification: ImportedClassification): Placed[] {
  return classification.lines.flatMap((line) => line.drivers.map((driver) => ({ driver, place: { position: line.position, laps: line.laps, status: line.status } })));
}

function counterpart(driver: ImportedDriver, candidates: readonly Placed[]): Placed | undefined {
  const key = keyOf(driver);
  return (key === null ? undefined : candidates.find((each) => keyOf(each.driver) === key)) ?? candidates.find((each) => nameOf(each.driver) === nameOf(driver));
}

function keyOf(driver: ImportedDriver): string | null {
  const identity = identityOf(driver);
  return identity && identityKey(identity);
}

const nameOf = (driver: ImportedDriver) => driver.name.trim().toLowerCase();

const samePlace = (a: LiveDraftPlaceDto, b: LiveDraftPlaceDto) => a.position === b.position && a.laps === b.laps && a.status === b.status;
