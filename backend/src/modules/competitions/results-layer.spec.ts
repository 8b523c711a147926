import { describe, expect, it } from '@jest/globals';
import { seededRandom } from '../../common/seeded-random.js';
import type { RaceResultLine } from '../../contracts/competitions.js';
import type { TicketOutcome } from '../../contracts/stewarding.js';
import { applyPenalties } from '../stewarding/index.js';
import { planBaseWrite, planDecisions, revertSource, type PlannedRevision } from './results-layer.js';

const finisher = (profileId: number, position: number, totalTimeMs: number): RaceResultLine => ({ profileId, position, status: 'FINISHED', laps: 10, totalTimeMs });

/** One race's revisions, written the way ResultsService writes them. */
class Race {
  readonly revisions: PlannedRevision[] = [];
  /** Standing outcomes by ticket (its highest round), tickets in filing order. */
  readonly standing = new Map<number, TicketOutcome[]>();

  private get next(): number {
    return this.revisions.length + 1;
  }
  private outcomes(): TicketOutcome[] {
    return [...this.standing.keys()].sort((a, b) => a - b).flatMap((ticket) => this.standing.get(ticket)!);
  }

  save(lines: RaceResultLine[]): void {
    this.revisions.push(...planBaseWrite(this.next, lines, this.outcomes()));
  }
  revert(number: number): void {
    const source = revertSource(this.revisions[number - 1]);
    this.save(this.revisions[source - 1].lines);
  }
  decide(ticket: number, outcomes: TicketOutcome[]): void {
    this.standing.set(ticket, outcomes);
    const base = this.revisions.findLast((revision) => revision.kind === 'BASE') ?? null;
    this.revisions.push(...planDecisions(this.next, base, this.outcomes()));
  }
  current(): RaceResultLine[] | null {
    return this.revisions.at(-1)?.lines ?? null;
  }
}

describe('results layer: steward decisions over a race’s base revisions', () => {
  const base = [finisher(1, 1, 1_200_000), finisher(2, 2, 1_201_000), finisher(3, 3, 1_202_000), finisher(4, 4, 1_203_000)];
  const timeOf = (lines: RaceResultLine[] | null, profileId: number) => lines?.find((line) => line.profileId === profileId)?.totalTimeMs;

  it('keeps a decided 10 s penalty when the organizer reverts to revision 1', () => {
    const race = new Race();
    race.save(base);
    race.decide(3, [{ kind: 'TIME_PENALTY', profileId: 1, amount: 10 }]);
    race.save(base.map((line) => ({ ...line, laps: 11 })));
    race.revert(1);
    expect(race.revisions.map((revision) => [revision.number, revision.kind, revision.baseNumber])).toEqual([
      [1, 'BASE', null],
      [2, 'DECISIONS', 1],
      [3, 'BASE', null],
      [4, 'DECISIONS', 3],
      [5, 'BASE', null],
      [6, 'DECISIONS', 5],
    ]);
    expect(race.revisions[4].lines).toEqual(base);
    expect(timeOf(race.current(), 1)).toBe(1_210_000);
  });

  it('applies a penalty once when a steward revision is reverted to and another decision follows (+10 s, not +20 s)', () => {
    const race = new Race();
    race.save(base);
    race.decide(1, [{ kind: 'TIME_PENALTY', profileId: 1, amount: 10 }]);
    race.revert(2);
    expect(race.revisions[2]).toMatchObject({ kind: 'BASE', lines: base });
    race.decide(2, [{ kind: 'TIME_PENALTY', profileId: 2, amount: 5 }]);
    expect(timeOf(race.current(), 1)).toBe(1_210_000);
    expect(timeOf(race.current(), 2)).toBe(1_206_000);
  });

  it('removes an overturned decision exactly once, and carries decisions made before any results into the first base', () => {
    const race = new Race();
    race.decide(1, [{ kind: 'TIME_PENALTY', profileId: 2, amount: 5 }]);
    expect(race.revisions).toEqual([]);
    race.save(base);
    expect(timeOf(race.current(), 2)).toBe(1_206_000);
    race.decide(1, [{ kind: 'NO_FURTHER_ACTION', profileId: 2 }]);
    expect(race.current()).toEqual(applyPenalties(base, []));
    race.save(base);
    expect(race.revisions.at(-1)!.kind).toBe('BASE');
  });

  const OUTCOMES: ((profileId: number, draw: () => number) => TicketOutcome)[] = [
    (profileId, draw) => ({ kind: 'TIME_PENALTY', profileId, amount: 1 + Math.floor(draw() * 20) }),
    (profileId, draw) => ({ kind: 'POSITION_PENALTY', profileId, amount: 1 + Math.floor(draw() * 3) }),
    (profileId) => ({ kind: 'DSQ', profileId }),
    (profileId, draw) => ({ kind: 'POINTS_DEDUCTION', profileId, amount: 1 + Math.floor(draw() * 5) }),
    (profileId) => ({ kind: 'WARNING', profileId }),
  ];

  /** A random whole classification of drivers 1–6: finishers by time, some retired. */
  function classification(draw: () => number): RaceResultLine[] {
    const drivers = [1, 2, 3, 4, 5, 6].filter(() => draw() < 0.9);
    const lines = drivers.map((profileId) => {
      const retired = draw() < 0.15;
      return {
        profileId,
        status: retired ? ('DNF' as const) : ('FINISHED' as const),
        laps: retired ? 5 : 10,
        totalTimeMs: retired ? null : 1_200_000 + Math.floor(draw() * 60_000),
      };
    });
    lines.sort((a, b) => b.laps - a.laps || (a.totalTimeMs ?? 0) - (b.totalTimeMs ?? 0));
    return lines.map((line, index) => ({ ...line, position: index + 1 }));
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])(
    'ends any sequence of saves, imports, reverts, decisions and appeals with the latest base plus the standing decisions (seed %i)',
    (seed) => {
      const draw = seededRandom(seed);
      const race = new Race();
      // Kept apart from the layer: the base the organizer last wrote, and the base each revision was written over.
      let expectedBase: RaceResultLine[] | null = null;
      const baseWhenWritten: RaceResultLine[][] = [];
      const expectedStanding = new Map<number, TicketOutcome[]>();
      const record = () => {
        while (baseWhenWritten.length < race.revisions.length) baseWhenWritten.push(expectedBase!);
      };
      for (let step = 0; step < 60; step += 1) {
        const roll = draw();
        if (roll < 0.35 || !race.revisions.length) {
          expectedBase = classification(draw);
          race.save(expectedBase);
        } else if (roll < 0.55) {
          const number = 1 + Math.floor(draw() * race.revisions.length);
          expectedBase = baseWhenWritten[number - 1];
          race.revert(number);
        } else {
          const ticket = 1 + Math.floor(draw() * 4);
          const appealOverturns = expectedStanding.has(ticket) && draw() < 0.4;
          const profileId = 1 + Math.floor(draw() * 6);
          const outcomes = appealOverturns ? [{ kind: 'NO_FURTHER_ACTION' as const, profileId }] : [OUTCOMES[Math.floor(draw() * OUTCOMES.length)](profileId, draw)];
          expectedStanding.set(ticket, outcomes);
          race.decide(ticket, outcomes);
        }
        record();
        const active = [...expectedStanding.keys()].sort((a, b) => a - b).flatMap((ticket) => expectedStanding.get(ticket)!);
        expect({ step, lines: race.current() }).toEqual({ step, lines: applyPenalties(expectedBase!, active) });
        for (const revision of race.revisions) if (revision.kind === 'BASE') expect(baseWhenWritten[revision.number - 1]).toEqual(revision.lines);
      }
    },
  );
});
