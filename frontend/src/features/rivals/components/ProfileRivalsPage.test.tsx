import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { MyRivalDto, MyTrackDto } from '@paddock/contracts/rivals.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import ProfileRivalsPage from './ProfileRivalsPage.js';

const CAR = { id: 1, name: 'M4 GT3', icon: null };
const rival = (id: number, name: string, trackId: number | null, timeMs: number | null): MyRivalDto => ({
  id,
  profile: { id: 10 + id, name },
  gameId: 3,
  trackId,
  platform: 'PC',
  best: timeMs === null ? null : { timeMs, timeAsText: `2:1${id}.000`, provisional: false, car: CAR },
  gapMs: timeMs === null ? null : timeMs - 137_000,
});

describe('My rivals', () => {
  it('shows the game’s rivals with their times on the chosen track, as the list above shows them', async () => {
    const onTrack: MyTrackDto = {
      track: { id: 7, trackName: 'Spa', name: 'GP' },
      game: { id: 3, name: 'ACC', icon: null },
      platform: 'PC',
      best: null,
      rivals: [rival(1, 'Quick', 7, 138_000), rival(2, 'Steady', null, 136_500)],
    };
    installFakeApi({
      'GET /api/rivals/schedule/live': { status: 200, body: [] },
      'GET /api/games': { status: 200, body: [{ id: 3, name: 'ACC', icon: null, platforms: ['PC'], crossPlayPlatforms: [] }] },
      'GET /api/games/3/tracks': { status: 200, body: [{ id: 5, gameId: 3, name: 'Spa', country: 'BE', icon: null, variants: [{ id: 7, name: 'GP' }] }] },
      'GET /api/rivals/me/track/7': { status: 200, body: onTrack },
      // The game's own answer has no track to measure on: no times.
      'GET /api/rivals/my/game/3': { status: 200, body: [rival(2, 'Steady', null, null)] },
      'GET /api/rivals/games/track/7/candidates': { status: 200, body: { content: [], pageNumber: 0, pageSize: 25, totalElements: 0, totalPages: 0 } },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ProfileRivalsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('link', { name: 'Quick' });
    const forGame = screen.getByRole('list', { name: 'Rivals for the game' });
    const steady = within(forGame).getByRole('listitem');
    expect(steady).toHaveTextContent('Steady');
    expect(steady).toHaveTextContent('2:12.000 (M4 GT3)');
    expect(steady).not.toHaveTextContent('No time here yet');
  });
});
