import { describe, expect, it } from '@jest/globals';
import type { ResultStatus } from '../../../contracts/competitions.js';
import type { ImportedClassification, ImportedLine } from './classification.js';
import { liveDraftDifferences } from './live-draft-diff.js';

const line = (position: number, name: string, platformId: string | null, laps = 10, status: ResultStatus = 'FINISHED'): ImportedLine => {
  const driver = { name, platformId, raceNumber: null, teamName: null, laps: null, drivingTimeMs: null };
  return { position, status, laps, totalTimeMs: null, bestLapMs: null, fastestLap: false, driver, drivers: [driver], carModel: null, penaltyMs: 0, reason: null };
};
const classification = (lines: ImportedLine[]): ImportedClassification => ({ format: 'ACC', session: 'RACE', gameName: 'ACC', trackName: 'monza', lines });

describe('where a file and the live draft differ', () => {
  it('lists nothing when every driver has the same position, laps and status', () => {
    const lines = [line(1, 'Ana', '76561198000000001'), line(2, 'Jon', null)];
    expect(liveDraftDifferences(classification(lines), classification(lines))).toEqual([]);
  });

  it('pairs drivers by platform id first (a renamed driver), then by name, and lists the ones only one of them has', () => {
    const file = classification([line(1, 'Ana Sousa', '76561198000000001'), line(2, 'Jon', null), line(3, 'Mia', null, 8, 'DNF'), line(4, 'Safety Car', null, 0, 'DNS')]);
    const draft = classification([line(1, 'Jon', null), line(2, 'A. Sousa', '76561198000000001'), line(3, 'mia', null, 7, 'DNF'), line(4, 'Late Entry', null, 1, 'DNF')]);
    expect(liveDraftDifferences(file, draft)).toEqual([
      { name: 'Ana Sousa', platformId: '76561198000000001', file: { position: 1, laps: 10, status: 'FINISHED' }, draft: { position: 2, laps: 10, status: 'FINISHED' } },
      { name: 'Jon', platformId: null, file: { position: 2, laps: 10, status: 'FINISHED' }, draft: { position: 1, laps: 10, status: 'FINISHED' } },
      { name: 'Mia', platformId: null, file: { position: 3, laps: 8, status: 'DNF' }, draft: { position: 3, laps: 7, status: 'DNF' } },
      { name: 'Safety Car', platformId: null, file: { position: 4, laps: 0, status: 'DNS' }, draft: null },
      { name: 'Late Entry', platformId: null, file: null, draft: { position: 4, laps: 1, status: 'DNF' } },
    ]);
  });
});
