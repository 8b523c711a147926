import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { currentUserAtom } from '../../features/auth/index.js';
import { testUser } from '../../testing/fakeApi.js';
import { RouteGuard } from './RouteGuard.js';
import { routeNamed } from './routeTable.js';

let navigate: NavigateFunction = () => undefined;
let pathname = '';

/** Routes as AppRoutes lays them out: one Suspense around them, re-created when the address changes. */
function Pages({ profile }: { profile: React.ReactNode }) {
  const location = useLocation();
  navigate = useNavigate();
  pathname = location.pathname;
  return (
    <Suspense fallback={<p>Loading page</p>}>
      <Routes location={location} key={location.pathname}>
        <Route
          path="/"
          element={
            <RouteGuard route={routeNamed('Home')}>
              <h1>Home</h1>
            </RouteGuard>
          }
        />
        <Route path="/profile" element={<RouteGuard route={routeNamed('Profile')}>{profile}</RouteGuard>} />
      </Routes>
    </Suspense>
  );
}

describe('RouteGuard', () => {
  it('redirects again when the guarded address is opened anew while its earlier redirect still waits for the next page', async () => {
    let showProfile: (page: { default: () => React.JSX.Element }) => void = () => undefined;
    const ProfilePage = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (showProfile = resolve)));
    const store = createStore();
    store.set(currentUserAtom, testUser({ profileCompleted: false }));
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/']}>
          <Pages profile={<ProfilePage />} />
        </MemoryRouter>
      </Provider>,
    );

    // The rookie lands on Home and is sent to Profile, whose page is still downloading...
    await act(async () => undefined);
    expect(pathname).toBe('/profile');
    // ...when they open Home again: it must send them to Profile again, not stay on an empty Home.
    await act(async () => void navigate('/'));
    await act(async () => showProfile({ default: () => <h1>Your profile</h1> }));

    expect(pathname).toBe('/profile');
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeTruthy();
  });
});
