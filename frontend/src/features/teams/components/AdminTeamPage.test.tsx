import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { onApiError } from '../../../lib/api/client.js';
import type { ApiErrorNotice } from '../../../lib/api/errorBody.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import AdminTeamPage from './AdminTeamPage.js';

const notices: ApiErrorNotice[] = [];
const stop = onApiError((notice) => notices.push(notice));
afterEach(() => {
  notices.length = 0;
});
afterAll(stop);

describe('Admin → a team that does not exist', () => {
  it('shows the not-found page only, without an Error dialog on top', async () => {
    installFakeApi({ 'GET /api/games': { status: 200, body: [] } });
    const store = createStore();
    store.set(currentUserAtom, testUser({ roles: ['ADMIN'] }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Provider store={store}>
          <MemoryRouter initialEntries={['/admin/team/999']}>
            <Routes>
              <Route path="/admin/team/:team" element={<AdminTeamPage />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Team not found' })).toBeInTheDocument();
    expect(notices).toEqual([]);
  });
});
