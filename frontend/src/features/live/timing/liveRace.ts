import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { LiveTiming } from '@paddock/contracts/timing.js';
import { timingQuery } from './liveTiming.js';

/**
 * Which of an event's races (in running order, with their timing: null for none, undefined while loading)
 * the tower follows: the one running, else the next about to start, else the last one that ran.
 */
export function pickLiveRace(races: { raceId: number; timing: LiveTiming | null | undefined }[]): number | null {
  const withTiming = races.filter((race): race is { raceId: number; timing: LiveTiming } => Boolean(race.timing));
  const inPhase = (phase: LiveTiming['session']['phase']) => withTiming.find((race) => race.timing.session.phase === phase);
  return (inPhase('RUNNING') ?? inPhase('PRE') ?? withTiming.at(-1))?.raceId ?? null;
}

/** The race of the live event the tower follows (null: none has live timing), and whether that is still being asked. */
export function useLiveRace(raceIds: number[]): { raceId: number | null; isPending: boolean } {
  const queryClient = useQueryClient();
  const timings = useQueries({ queries: raceIds.map((raceId) => timingQuery(queryClient, raceId)) });
  const raceId = pickLiveRace(raceIds.map((id, index) => ({ raceId: id, timing: timings[index]?.data })));
  return { raceId, isPending: raceId === null && timings.some((timing) => timing.isPending) };
}
