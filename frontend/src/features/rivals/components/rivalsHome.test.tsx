import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RivalScheduleEntryDto, RivalTopForTrackDto } from '@paddock/contracts/rivals.js';
import { ScheduleTable } from './ScheduleTable.js';
import { TopCards } from './TopCards.js';

const top: RivalTopForTrackDto = {
  game: { id: 3, name: 'ACC', icon: null },
  track: { id: 7, trackName: 'Spa', name: 'GP' },
  results: {
    PC: [{ profile: { id: 9, name: 'Quick' }, timeAsText: '2:17.001', timeMs: 137001, provisional: true, car: { id: 1, name: 'M4', icon: null } }],
    XBOX: [],
    PLAYSTATION: [],
  },
};

const server: RivalScheduleEntryDto = {
  id: 1,
  serverName: 'Paddock PC Rivals',
  currentTrack: { id: 7, trackName: 'Spa', name: 'GP' },
  nextTrack: null,
  rotationTime: '2026-12-04T19:00:00.000Z',
  crossplay: 'Console',
  platforms: ['XBOX', 'PLAYSTATION'],
  game: { id: 3, name: 'ACC', icon: null },
};

describe("Home's Rivals (Beta) cards and schedule", () => {
  it('shows the top three of each platform with its times, the provisional marker, and See all only where times exist', () => {
    render(
      <MemoryRouter>
        <TopCards top={top} />
      </MemoryRouter>,
    );
    const pc = screen.getByRole('region', { name: 'PC top three' });
    expect(within(pc).getByRole('heading', { level: 3, name: 'PC' })).toBeInTheDocument();
    const times = within(pc).getByRole('list', { name: 'PC top three times' });
    expect(within(times).getByRole('link', { name: 'Quick' })).toHaveAttribute('href', '/grid/driver/9');
    expect(times).toHaveTextContent('2:17.001');
    expect(within(times).getByTitle('Not verified by a steward yet')).toHaveTextContent('Provisional');
    expect(within(pc).getByRole('link', { name: 'See all PC times' })).not.toHaveAttribute('aria-disabled');

    const xbox = screen.getByRole('region', { name: 'Xbox top three' });
    expect(xbox).toHaveTextContent('No times set yet');
    const seeAll = within(xbox).getByRole('link', { name: 'See all Xbox times' });
    expect(seeAll).toHaveAttribute('aria-disabled', 'true');
    expect(seeAll).toHaveAttribute('tabindex', '-1');
  });

  it('lists each server as a row headed by its name, with its tracks and platform badges', () => {
    render(<ScheduleTable servers={[server]} signedIn={false} />);
    const table = screen.getByRole('table', { name: 'Rivals schedule' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Game', 'Server', 'Current', 'Next', 'Next track', 'Platform']);
    const row = within(table).getByRole('row', { name: /Paddock PC Rivals/ });
    expect(within(row).getByRole('rowheader', { name: 'Paddock PC Rivals' })).toBeInTheDocument();
    // A game without an icon is named instead: the column is never empty.
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('ACC');
    expect(row).toHaveTextContent('Spa · GP');
    expect(within(row).getByTitle('Crossplay')).toHaveTextContent('Console');
    expect(row).toHaveTextContent('Xbox');
    expect(row).not.toHaveAttribute('tabindex');
    expect(screen.getByText('Login to see the schedule for the upcoming three days')).toBeInTheDocument();
  });

  it("lets a signed-in driver reach a server's row with the keyboard to open its schedule", () => {
    render(<ScheduleTable servers={[server]} signedIn />);
    const row = screen.getByRole('row', { name: 'Paddock PC Rivals: open the schedule' });
    expect(row).toHaveAttribute('tabindex', '0');
    expect(screen.queryByText('Login to see the schedule for the upcoming three days')).not.toBeInTheDocument();
  });

  it('says when no server is active', () => {
    render(<ScheduleTable servers={[]} signedIn={false} />);
    expect(screen.getByText('Currently no schedule active.')).toBeInTheDocument();
  });
});
