import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamDto } from '@paddock/contracts/teams.js';
import { ApiError } from '../../../lib/api/client.js';
import { ATTENDEES } from '../testing/eventFixture.js';
import { teamSizeRule, teamsForEvent } from './teamRules.js';
import { TeamLineupEditor } from './TeamLineupEditor.js';

const APEX: TeamDto = {
  id: 1,
  name: 'Apex',
  tag: null,
  colour: '#6a1b9a',
  logo: null,
  game: null,
  platforms: [],
  members: [
    { profileId: 5, driverName: '[ 77 ] - DaniDrives', driverNumber: 77, captain: true, joinedAt: '2026-01-01T00:00:00Z' },
    { profileId: 6, driverName: '[ 8 ] - Eight', driverNumber: 8, captain: false, joinedAt: '2026-01-01T00:00:00Z' },
  ],
};

describe('a team line-up', () => {
  it('shows who is entered and saves the chosen drivers as a whole', async () => {
    const save = jest.fn(async (_profileIds: number[]) => undefined);
    render(<TeamLineupEditor team={APEX} attendance={ATTENDEES} rule="2 to 4 drivers a team" save={save} />);
    expect(screen.getByText(/1 driver entered · 2 to 4 drivers a team/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '[ 77 ] - DaniDrives' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: '[ 8 ] - Eight' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save line-up' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith([5, 6]));
    expect(await screen.findByText('Line-up saved')).toBeInTheDocument();
  });

  it('says why the API refused, and offers nothing when locked', async () => {
    const save = jest.fn(async () => {
      throw new ApiError(409, '/api/events/1/attendance/team', { message: 'A team races this event with 2 drivers: you entered 1' });
    });
    const { unmount } = render(<TeamLineupEditor team={APEX} attendance={ATTENDEES} rule="2 drivers a team" save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Apex' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Withdraw Apex?' })).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A team races this event with 2 drivers: you entered 1');
    unmount();
    render(<TeamLineupEditor team={APEX} attendance={ATTENDEES} rule="2 drivers a team" locked="The line-up is locked." save={save} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '[ 8 ] - Eight' })).toBeDisabled();
  });

  it('asks before withdrawing the team, then says it was withdrawn, not that a line-up was saved', async () => {
    const save = jest.fn(async (_profileIds: number[]) => undefined);
    render(<TeamLineupEditor team={APEX} attendance={ATTENDEES} rule="2 to 4 drivers a team" save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Apex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Apex?' });
    expect(dialog).toHaveTextContent('Apex leaves this event and its driver loses the seat.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Apex in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(save).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Apex' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Withdraw Apex?' })).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith([]));
    expect(await screen.findByRole('status')).toHaveTextContent('Apex withdrawn from this event');
    expect(screen.queryByText('Line-up saved')).not.toBeInTheDocument();
  });

  it('words the team size and keeps teams of the event’s game or none', () => {
    expect(teamSizeRule({ teamSizeMin: 2, teamSizeMax: 4 })).toBe('2 to 4 drivers a team');
    expect(teamSizeRule({ teamSizeMin: 1, teamSizeMax: 1 })).toBe('1 driver a team');
    const game = { id: 1, name: 'Forza Motorsport', icon: null, platforms: [], crossPlayPlatforms: [] };
    const teams = [{ game: null }, { game: { id: 1, name: 'F' } }, { game: { id: 2, name: 'G' } }];
    expect(teamsForEvent(teams, { game })).toEqual([{ game: null }, { game: { id: 1, name: 'F' } }]);
  });
});
