import { describe, expect, it } from '@jest/globals';
import { resultLine } from '../testing/competitionFixture.js';
import { checkRows, gridChanged, gridFieldOf, moveRow, nextCell, resultsRequestFrom, rowForDriver, rowsFromResults } from './resultsGrid.js';

const driver = (id: number, name: string, teams: { id: number; name: string }[] = []) => ({ id, driverName: name, driverNumber: id, teams });

describe('moving around the results grid', () => {
  const rows = 3;
  it('goes down with Enter and ↓, up with ↑ and Shift+Enter, staying in the column', () => {
    expect(nextCell({ row: 0, column: 1 }, { key: 'Enter' }, rows)).toEqual({ row: 1, column: 1 });
    expect(nextCell({ row: 1, column: 2 }, { key: 'ArrowDown' }, rows)).toEqual({ row: 2, column: 2 });
    expect(nextCell({ row: 2, column: 2 }, { key: 'ArrowUp' }, rows)).toEqual({ row: 1, column: 2 });
    expect(nextCell({ row: 2, column: 2 }, { key: 'Enter', shiftKey: true }, rows)).toEqual({ row: 1, column: 2 });
  });

  it('sends Enter on the last row to the add-driver field; ↓ there and ↑ on the first row go nowhere', () => {
    expect(nextCell({ row: 2, column: 1 }, { key: 'Enter' }, rows)).toBe('add');
    expect(nextCell({ row: 2, column: 1 }, { key: 'ArrowDown' }, rows)).toBeNull();
    expect(nextCell({ row: 0, column: 1 }, { key: 'ArrowUp' }, rows)).toBeNull();
  });

  it('leaves a text cell sideways only from its start or end', () => {
    expect(nextCell({ row: 0, column: 1 }, { key: 'ArrowRight', caretAtEnd: true }, rows)).toEqual({ row: 0, column: 2 });
    expect(nextCell({ row: 0, column: 1 }, { key: 'ArrowRight', caretAtEnd: false }, rows)).toBeNull();
    expect(nextCell({ row: 0, column: 2 }, { key: 'ArrowLeft', caretAtStart: true }, rows)).toEqual({ row: 0, column: 1 });
    expect(nextCell({ row: 0, column: 2 }, { key: 'ArrowLeft', caretAtStart: false }, rows)).toBeNull();
    // A select or checkbox has no caret: it always moves.
    expect(nextCell({ row: 0, column: 0 }, { key: 'ArrowRight' }, rows)).toEqual({ row: 0, column: 1 });
    expect(nextCell({ row: 0, column: 0 }, { key: 'ArrowLeft' }, rows)).toBeNull();
  });

  it('leaves modified keys and typing to the cell', () => {
    expect(nextCell({ row: 0, column: 1 }, { key: 'ArrowDown', altKey: true }, rows)).toBeNull();
    expect(nextCell({ row: 0, column: 1 }, { key: 'Enter', ctrlKey: true }, rows)).toBeNull();
    expect(nextCell({ row: 0, column: 1 }, { key: '5' }, rows)).toBeNull();
  });

  it('moves a driver up or down the order, not past either end', () => {
    const grid = [rowForDriver(driver(1, 'A'), undefined), rowForDriver(driver(2, 'B'), undefined), rowForDriver(driver(3, 'C'), undefined)];
    expect(moveRow(grid, 2, -1).map((row) => row.driverName)).toEqual(['A', 'C', 'B']);
    expect(moveRow(grid, 0, -1)).toBe(grid);
    expect(moveRow(grid, 2, 1)).toBe(grid);
  });
});

describe('the rows of the grid', () => {
  it('adds a driver as finished, with the laps of the row above and their only team', () => {
    const above = { ...rowForDriver(driver(1, 'A'), undefined), laps: '20' };
    const added = rowForDriver(driver(9, 'Newcomer', [{ id: 3, name: 'Red Arrows' }]), above);
    expect(added).toMatchObject({ profileId: 9, status: 'FINISHED', laps: '20', teamId: 3, teamName: 'Red Arrows', totalTime: '', bestLap: '' });
    expect(
      rowForDriver(
        driver(9, 'Two teams', [
          { id: 3, name: 'R' },
          { id: 4, name: 'B' },
        ]),
        undefined,
      ),
    ).toMatchObject({ teamId: null, laps: '' });
  });

  it('sends positions by grid order and times in milliseconds', () => {
    const rows = rowsFromResults([resultLine(8, 'Slow', 2, { totalTimeMs: 1_812_345 }), resultLine(7, 'Speedy', 1, { totalTimeMs: 1_800_000, fastestLap: true })]);
    expect(rows.map((row) => [row.driverName, row.totalTime])).toEqual([
      ['Speedy', '30:00.000'],
      ['Slow', '30:12.345'],
    ]);
    rows[1] = { ...rows[1]!, status: 'DNF', laps: '12', totalTime: '', bestLap: '1:29.5' };
    expect(resultsRequestFrom(rows).results).toEqual([
      { profileId: 7, position: 1, status: 'FINISHED', laps: 20, totalTimeMs: 1_800_000, bestLapMs: 88_000, pole: false, fastestLap: true, teamId: null },
      { profileId: 8, position: 2, status: 'DNF', laps: 12, totalTimeMs: null, bestLapMs: 89_500, pole: false, fastestLap: false, teamId: null },
    ]);
  });

  it('names each bad cell, and refuses a second pole or fastest lap', () => {
    const rows = rowsFromResults([resultLine(7, 'Speedy', 1, { fastestLap: true }), resultLine(8, 'Slow', 2, { fastestLap: true })]);
    rows[0] = { ...rows[0]!, laps: 'x', totalTime: '1:75.000' };
    rows[1] = { ...rows[1]!, bestLap: '99:00.000', totalTime: '30:00.000' };
    const { errors, general } = checkRows(rows);
    expect(errors.get(rows[0]!.key)).toEqual({
      laps: 'Laps: a whole number from 0 to 10000',
      totalTime: 'Seconds run from 00 to 59',
      fastestLap: 'Only one driver can have the fastest lap',
    });
    expect(errors.get(rows[1]!.key)).toMatchObject({ bestLap: 'The best lap cannot be longer than the race' });
    expect(general).toEqual(['Only one driver can have the fastest lap']);
  });

  it('knows whether the grid differs from what is saved', () => {
    const saved = [resultLine(7, 'Speedy', 1), resultLine(8, 'Slow', 2)];
    const rows = rowsFromResults(saved);
    expect(gridChanged(rows, saved)).toBe(false);
    expect(gridChanged(moveRow(rows, 1, -1), saved)).toBe(true);
    expect(gridChanged([{ ...rows[0]!, totalTime: '31:00.000' }, rows[1]!], saved)).toBe(true);
  });

  it("places the API's field errors on their cells", () => {
    expect(gridFieldOf('results.3.laps')).toEqual({ row: 3, column: 'laps' });
    expect(gridFieldOf('results.0.totalTimeMs')).toEqual({ row: 0, column: 'totalTime' });
    expect(gridFieldOf('results.2.profileId')).toEqual({ row: 2, column: null });
    expect(gridFieldOf('results')).toBeNull();
  });
});
