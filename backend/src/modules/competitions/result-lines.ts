import type { RaceResultLine as RaceResultLineRequest } from '../../contracts/competitions.js';

type Classification = Pick<RaceResultLineRequest, 'position' | 'status' | 'laps' | 'totalTimeMs' | 'bestLapMs' | 'pole' | 'fastestLap'>;

/** Where a result line finished and how (a stored line, or one of a save, its optional parts defaulted: no time, no pole, no fastest lap). */
export function classificationOf(line: Classification) {
  return {
    position: line.position,
    status: line.status,
    laps: line.laps,
    totalTimeMs: line.totalTimeMs ?? null,
    bestLapMs: line.bestLapMs ?? null,
    pole: line.pole ?? false,
    fastestLap: line.fastestLap ?? false,
  };
}
