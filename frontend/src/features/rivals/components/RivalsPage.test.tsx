import { afterAll, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { onApiError } from '../../../lib/api/client.js';
import type { ApiErrorNotice } from '../../../lib/api/errorBody.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import RivalsPage from './RivalsPage.js';

const notices: ApiErrorNotice[] = [];
const stop = onApiError((notice) => notices.push(notice));
afterAll(stop);

describe('Rivals with an unknown game and track in the address', () => {
  it('says there is no such track, without an Error dialog on top', async () => {
    // Every other call (the unknown board) answers 404.
    installFakeApi({
      'GET /api/games': { status: 200, body: [{ id: 1, name: 'Forza Motorsport', icon: null, platforms: ['PC'] }] },
      'GET /api/rivals/times/mine': { status: 200, body: { content: [], pageNumber: 0, pageSize: 25, totalElements: 0, totalPages: 0 } },
    });
    const store = createStore();
    store.set(currentUserAtom, testUser());
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Provider store={store}>
          <MemoryRouter initialEntries={['/rivals/pc/99/999']}>
            <Routes>
              <Route path="/rivals/:platform?/:game?/:track?" element={<RivalsPage />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('There is no such track')).toBeInTheDocument();
    expect(notices).toEqual([]);
  });
});
