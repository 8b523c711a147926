import { describe, expect, it } from '@jest/globals';
import { PLANNED_BREAK_MINUTES, PLANNED_LAP_MINUTES, PLANNED_SESSION_MINUTES, plannedMinutes, raceTimes } from './race-schedule.js';

const at = (iso: string) => new Date(iso);
const minutes = (lengthMinutes: number) => ({ laps: null, lengthMinutes });
const laps = (count: number) => ({ laps: count, lengthMinutes: null });

describe('the planned times of an event’s races', () => {
  it('plans a session by its minutes, else its laps, else the usual session', () => {
    expect(plannedMinutes(minutes(45))).toBe(45);
    expect(plannedMinutes({ laps: 10, lengthMinutes: 25 })).toBe(25);
    expect(plannedMinutes(laps(12))).toBe(12 * PLANNED_LAP_MINUTES);
    expect(plannedMinutes({ laps: null, lengthMinutes: null })).toBe(PLANNED_SESSION_MINUTES);
  });

  it('starts the first race at the event’s start and the next after the first and a break', () => {
    const [first, second] = raceTimes(at('2026-12-01T19:00:00Z'), [{ qualify: null, races: [minutes(20), laps(15)] }]);
    expect(first.start).toEqual(at('2026-12-01T19:00:00Z'));
    expect(first.end).toEqual(at('2026-12-01T19:20:00Z'));
    expect(second.start).toEqual(at(`2026-12-01T19:${20 + PLANNED_BREAK_MINUTES}:00Z`));
    expect(second.end.getTime() - second.start.getTime()).toBe(15 * PLANNED_LAP_MINUTES * 60_000);
  });

  it('runs qualifying before its race event’s races, and race events one after another', () => {
    const times = raceTimes(at('2026-12-01T19:00:00Z'), [
      { qualify: minutes(15), races: [minutes(30)] },
      { qualify: null, races: [minutes(30)] },
    ]);
    expect(times.map(({ start }) => start.toISOString())).toEqual(['2026-12-01T19:20:00.000Z', '2026-12-01T19:55:00.000Z']);
  });

  it('gives every race one entry, in order, and an event without races none', () => {
    const races = [minutes(10), minutes(10), minutes(10)];
    expect(raceTimes(at('2026-12-01T19:00:00Z'), [{ qualify: null, races }]).map(({ race }) => race)).toEqual(races);
    expect(raceTimes(at('2026-12-01T19:00:00Z'), [])).toEqual([]);
  });
});
