import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PublicProfileDto, SeasonResultsDto } from '@paddock/contracts/profiles.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import PublicProfilePage from './PublicProfilePage.js';

const LENA: PublicProfileDto = {
  id: 7,
  hidden: false,
  driverName: '[ 3 ] - VogtSpeed',
  driverNumber: 3,
  country: 'DE',
  platforms: ['PC'],
  platformIds: {},
  games: [],
  socials: {},
  nameHistory: [],
  isNew: false,
  profileCompleted: true,
};

const RESULTS: SeasonResultsDto[] = [
  {
    seasonId: 2,
    seasonName: 'Season 1',
    competitionName: 'Endurance Team Trophy',
    results: [
      {
        eventId: 11,
        eventName: '6 Hours of Spa',
        date: '2026-11-01T18:00:00Z',
        position: 1,
        points: 25,
        coDrivers: [
          { profileId: 8, driverName: '[ 5 ] - Bellissimo' },
          { profileId: null, driverName: 'Guest Gunnar' },
        ],
      },
      { eventId: 12, eventName: 'Sprint at Monza', date: '2026-11-08T18:00:00Z', position: null, points: 0, coDrivers: [] },
    ],
  },
];

describe('a driver’s public profile', () => {
  it('lists their results by season, naming who else drove a shared car', async () => {
    installFakeApi({
      'GET /api/profile/7': { status: 200, body: LENA },
      'GET /api/profile/7/teams': { status: 200, body: [] },
      'GET /api/profile/7/events': { status: 200, body: [] },
      'GET /api/profile/7/stats-summary': {
        status: 200,
        body: { profileId: 7, starts: 2, wins: 1, podiums: 1, poles: 0, fastestLaps: 0, dnfs: 1, averageFinish: 1, points: 25 },
      },
      'GET /api/profile/7/results': { status: 200, body: RESULTS },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Provider store={createStore()}>
          <MemoryRouter initialEntries={['/grid/driver/7']}>
            <Routes>
              <Route path="/grid/driver/:profile" element={<PublicProfilePage />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </QueryClientProvider>,
    );
    const season = await screen.findByRole('list', { name: 'Results in Endurance Team Trophy Season 1' });
    const [spa, monza] = within(season).getAllByRole('listitem');
    expect(spa).toHaveTextContent('6 Hours of Spa');
    expect(spa).toHaveTextContent(/P1 · 25 points · with \[ 5 \] - Bellissimo, Guest Gunnar$/);
    expect(monza).toHaveTextContent(/Not classified · 0 points$/);
  });
});
