import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resultLine } from '../testing/competitionFixture.js';
import { RaceResultsTable } from './RaceResultsTable.js';

describe('a race’s results table', () => {
  it('shows a guest by the file’s name marked as a guest, co-drivers under their driver, and the time added after the race with why', () => {
    const results = [
      resultLine(7, 'Speedy', 1, {
        points: 25,
        coDrivers: [
          { profileId: 8, driverName: 'Second Stint', driverNumber: 8, guest: false, laps: 60, drivingTimeMs: 9_000_000, points: 25 },
          { profileId: null, driverName: 'Hired Gun', driverNumber: null, guest: true, laps: 10, drivingTimeMs: null, points: 0 },
        ],
      }),
      resultLine(null, 'Safety Car', 2, { penaltyMs: 30_000, reason: '+30 s post-race penalty' }),
      resultLine(9, 'Slow', 3, { status: 'DNF', totalTimeMs: null, reason: 'retired: stopped before the flag' }),
    ];
    render(
      <MemoryRouter>
        <RaceResultsTable results={results} label="Race 1" />
      </MemoryRouter>,
    );
    const rows = within(screen.getByRole('table', { name: 'Race 1' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Speedy' })).toBeInTheDocument();
    const coDrivers = within(rows[0]!).getByRole('list', { name: 'Co-drivers of Speedy' });
    expect(
      within(coDrivers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Second Stint', 'Hired Gun (guest)']);
    expect(within(coDrivers).getByRole('link', { name: 'Second Stint' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safety Car (guest)');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(rows[1]).toHaveTextContent('+30 s');
    expect(rows[1]).toHaveTextContent('+30 s post-race penalty');
    expect(rows[2]).toHaveTextContent('retired: stopped before the flag');
  });
});
