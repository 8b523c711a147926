import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RaceLineupDto } from '@paddock/contracts/race-lineups.js';
import { ApiError } from '../../../lib/api/client.js';
import { eventFixture, SPA } from '../testing/eventFixture.js';
import { raceChoices } from './raceLineups.js';
import { RaceLineupEditor } from './TeamEntriesRaceLineups.js';

const DANI = { profileId: 5, driverNumber: 77, driverName: '[ 77 ] - DaniDrives', team: { id: 1, name: 'Apex' } };
const EIGHT = { profileId: 6, driverNumber: 8, driverName: '[ 8 ] - Eight', team: { id: 1, name: 'Apex' } };
const FROM_EVENT: RaceLineupDto = { teamId: 1, teamName: 'Apex', source: 'EVENT', drivers: [DANI, EIGHT], entered: [DANI, EIGHT] };

describe('a race line-up', () => {
  it('marks the event entry, and saves the drivers chosen for this race', async () => {
    const save = jest.fn(async (_profileIds: number[]) => undefined);
    const reset = jest.fn(async () => undefined);
    render(<RaceLineupEditor lineup={FROM_EVENT} rule="1 to 4 drivers a team" save={save} reset={reset} />);
    expect(screen.getByText('Event entry')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use the event entry' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save race line-up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: '[ 8 ] - Eight' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save race line-up' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith([5]));
    expect(await screen.findByText('Race line-up saved')).toBeInTheDocument();
  });

  it('marks a line-up set for the race, falls back to the event entry, and says why a change was refused', async () => {
    const save = jest.fn(async () => {
      throw new ApiError(409, '/api/events/1/races/1/lineups/1', { message: 'A team races this event with 2 drivers: you chose 1' });
    });
    const reset = jest.fn(async () => undefined);
    render(<RaceLineupEditor lineup={{ ...FROM_EVENT, source: 'RACE', drivers: [DANI, EIGHT] }} rule="2 drivers a team" save={save} reset={reset} />);
    expect(screen.getByText('Set for this race')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '[ 77 ] - DaniDrives' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save race line-up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A team races this event with 2 drivers: you chose 1');
    await userEvent.click(screen.getByRole('button', { name: 'Use the event entry' }));
    await waitFor(() => expect(reset).toHaveBeenCalled());
  });

  it('names every race of the event in running order', () => {
    const event = eventFixture({
      raceEvents: [
        { id: 1, track: SPA, externalTrackName: null, qualifyEnabled: false, qualify: null, races: [{ id: 11, raceEventType: 'SPRINT', track: null, laps: 8, length: null }] },
        {
          id: 2,
          track: null,
          externalTrackName: 'Nordschleife',
          qualifyEnabled: false,
          qualify: null,
          races: [{ id: 12, raceEventType: 'ENDURANCE', track: null, laps: null, length: 120 }],
        },
      ],
    });
    expect(raceChoices(event)).toEqual([
      { id: 11, label: 'Race 1: Sprint, Spa-Francorchamps — Full Circuit' },
      { id: 12, label: 'Race 2: Endurance, Nordschleife' },
    ]);
  });
});
