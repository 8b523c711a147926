import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { graphqlCalls, graphqlRoutes, installFakeApi, testUser, type FakeApi } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import { applyStandings } from '../cache.js';
import { CHANGE_HIGHLIGHT_MS, useStandingsChanges } from '../standingsChanges.js';
import { competitionFixture, seasonFixture, standingsFixture } from '../testing/competitionFixture.js';
import type { StandingsDto } from '../types.js';
import StandingsPage from './StandingsPage.js';
import { DriverStandingsTable, roundColumns } from './StandingsTables.js';

const PATTERN = '/events/competitions/standings/:competition?/:season?';

function Where() {
  return <output aria-label="Path">{useLocation().pathname}</output>;
}

const notFound = (field: string) => ({ data: null, errors: [{ message: 'Not found', path: [field], extensions: { code: 'NOT_FOUND' } }] });
const SEASONS: Record<number, ReturnType<typeof seasonFixture>> = { 4: seasonFixture(), 3: seasonFixture({ id: 3, name: 'Season 4' }) };
const STANDINGS: Record<number, StandingsDto> = { 4: standingsFixture(), 3: standingsFixture({ seasonId: 3, drivers: [], teams: [] }) };

function renderPage(path: string, { organizer = false } = {}): { queryClient: QueryClient; fake: FakeApi } {
  // An organizer's preview: round 3 (event 33) is not published, so the public season leaves it out.
  const preview: StandingsDto = { ...standingsFixture(), unpublishedEventIds: [33] };
  const fullSeason = seasonFixture();
  const publicSeason = { ...fullSeason, events: fullSeason.events.filter((event) => event.id !== 33) };
  const fake = installFakeApi({
    'GET /api/seasons/4/standings': { status: 200, body: preview },
    'GET /api/seasons/4': { status: 200, body: { ...fullSeason, events: fullSeason.events.map((event) => ({ ...event, published: event.id !== 33 })) } },
    ...graphqlRoutes({
      Leaderboard: ({ competitionId, withCompetition, seasonId, withSeason }) => {
        // As the API answers: one error per field that found nothing, in no particular order.
        const missing = [withSeason && !SEASONS[Number(seasonId)] ? 'season' : null, withCompetition && competitionId !== 2 ? 'competition' : null].filter(
          (field) => field !== null,
        );
        if (missing.length > 0) return { data: null, errors: missing.map((field) => notFound(field).errors[0]!) };
        return {
          data: {
            leaderboardCompetitions: [competitionFixture(), competitionFixture({ id: 9, name: 'Touring Trophy', currentSeason: { id: 12, name: '2026' } })],
            ...(withCompetition ? { competition: competitionFixture() } : {}),
            ...(withSeason ? { season: organizer && seasonId === 4 ? publicSeason : SEASONS[Number(seasonId)] } : {}),
          },
        };
      },
      Standings: ({ seasonId }) => (STANDINGS[Number(seasonId)] ? { data: { standings: STANDINGS[Number(seasonId)] } } : notFound('standings')),
    }),
  });
  const queryClient = createQueryClient();
  const store = createStore();
  if (organizer) store.set(currentUserAtom, testUser({ roles: ['ORGANIZER'] }));
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path={PATTERN}
              element={
                <>
                  <StandingsPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
  return { queryClient, fake };
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('link', { name }).closest('tr')!;

afterEach(() => {
  jest.useRealTimers();
});

describe('the Series leaderboard', () => {
  it("shows the drivers' standings with each round's points, a dropped round struck through", async () => {
    renderPage('/events/competitions/standings/2/4');
    const table = await screen.findByRole('table', { name: "Drivers' standings" });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Pos', 'Driver', 'No.', 'Points', 'R1', 'R2', 'R3', 'Wins', 'Podiums']);
    const slow = rowOf(table, 'Slow');
    const cells = within(slow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Pos, No., Points, R1 (dropped), R2, R3 (did not race), Wins, Podiums
    expect(cells).toEqual(['2', '8', '33', '6 (dropped)', '25', '–', '1', '1']);
    const dropped = within(slow).getByText('6', { exact: false, selector: 's' });
    expect(dropped.tagName).toBe('S');
    expect(within(rowOf(table, 'Speedy')).queryByText(/dropped/)).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Speedy' })).toHaveAttribute('href', '/grid/driver/7');
    expect(screen.getByRole('table', { name: "Teams' standings" })).toHaveTextContent('Red Arrows');
  });

  it('marks the rounds an organizer previews as not published; visitors read the public standings and never see the mark', async () => {
    const organizer = renderPage('/events/competitions/standings/2/4', { organizer: true });
    const previewed = await screen.findByRole('table', { name: "Drivers' standings" });
    const heads = () =>
      within(screen.getByRole('table', { name: "Drivers' standings" }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    expect(within(previewed).getByRole('columnheader', { name: /R3/ })).toHaveTextContent('R3Not published');
    expect(heads()).toEqual(['Pos', 'Driver', 'No.', 'Points', 'R1', 'R2', 'R3Not published', 'Wins', 'Podiums']);
    expect(organizer.fake.calls).toContain('GET /api/seasons/4/standings');
    expect(graphqlCalls(organizer.fake).map((call) => call.operation)).not.toContain('Standings');
  });

  it('never shows a visitor the not-published mark', async () => {
    const visitor = renderPage('/events/competitions/standings/2/4');
    await screen.findByRole('table', { name: "Drivers' standings" });
    expect(screen.queryByText('Not published')).not.toBeInTheDocument();
    expect(visitor.fake.calls).not.toContain('GET /api/seasons/4/standings');
    expect(graphqlCalls(visitor.fake).map((call) => call.operation)).toContain('Standings');
  });

  it('flashes the rows whose points changed when a live update arrives, and says so', async () => {
    const { queryClient } = renderPage('/events/competitions/standings/2/4');
    const table = await screen.findByRole('table', { name: "Drivers' standings" });
    expect(rowOf(table, 'Speedy')).toHaveAttribute('data-changed', 'false');

    const before = standingsFixture();
    const pushed: StandingsDto = { ...before, version: 8, drivers: [{ ...before.drivers[0]!, points: 68 }, before.drivers[1]!] };
    act(() => applyStandings(queryClient, pushed));

    expect(await within(rowOf(table, 'Speedy')).findByText('+25')).toBeInTheDocument();
    expect(rowOf(table, 'Speedy')).toHaveAttribute('data-changed', 'true');
    expect(rowOf(table, 'Slow')).toHaveAttribute('data-changed', 'false');
    expect(screen.getByText(/points changed for 1 driver\./).closest('[role="status"]')).toBeInTheDocument();
  });

  it('shows the first competition and its current season when the URL names none, and follows the selectors in the URL', async () => {
    renderPage('/events/competitions/standings');
    await screen.findByRole('table', { name: "Drivers' standings" });
    expect(screen.getByRole('combobox', { name: 'Series' })).toHaveDisplayValue('GT Cup');
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveDisplayValue('Season 5');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Season' }), 'Season 4');
    expect(screen.getByRole('status', { name: 'Path' })).toHaveTextContent('/events/competitions/standings/2/3');
    expect(await screen.findByText('No results yet')).toBeInTheDocument();
  });

  it('reads the selectors and the season in one GraphQL request when the URL names both, and the standings beside it', async () => {
    const { fake } = renderPage('/events/competitions/standings/2/4');
    await screen.findByRole('table', { name: "Drivers' standings" });
    expect(graphqlCalls(fake)).toEqual([
      { operation: 'Leaderboard', variables: { competitionId: 2, withCompetition: true, seasonId: 4, withSeason: true } },
      { operation: 'Standings', variables: { seasonId: 4 } },
    ]);
    expect(fake.calls.every((call) => call === 'POST /api/graphql')).toBe(true);
  });

  it('says when the series has no such season', async () => {
    renderPage('/events/competitions/standings/2/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Season not found' })).toBeInTheDocument();
  });

  it('says when the URL names no such series', async () => {
    renderPage('/events/competitions/standings/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Series not found' })).toBeInTheDocument();
  });

  it('says when the series named does not exist, whatever season it names', async () => {
    renderPage('/events/competitions/standings/5/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Series not found' })).toBeInTheDocument();
  });
});

describe("an organizer's preview of the standings", () => {
  it('marks the rounds counted before they are published "Not published"', () => {
    const standings = standingsFixture({ unpublishedEventIds: [32] });
    render(
      <MemoryRouter>
        <DriverStandingsTable drivers={standings.drivers} rounds={roundColumns(seasonFixture(), standings)} changed={new Map()} />
      </MemoryRouter>,
    );
    const heads = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(heads.filter((head) => head?.startsWith('R'))).toEqual(['R1', 'R2Not published', 'R3']);
  });
});

describe('the highlight of changed rows', () => {
  it('marks only the rows whose points moved, with the gain, and clears them after a while', () => {
    jest.useFakeTimers();
    const before = standingsFixture();
    const { result, rerender } = renderHook(({ standings }) => useStandingsChanges(standings), { initialProps: { standings: before } });
    expect(result.current.drivers.size).toBe(0);

    const after: StandingsDto = {
      ...before,
      version: 8,
      drivers: [before.drivers[0]!, { ...before.drivers[1]!, points: 40 }],
      teams: [before.teams[0]!, { ...before.teams[1]!, points: 38 }],
    };
    rerender({ standings: after });
    expect([...result.current.drivers]).toEqual([[8, 7]]);
    expect([...result.current.teams]).toEqual([[4, 7]]);

    act(() => jest.advanceTimersByTime(CHANGE_HIGHLIGHT_MS - 1));
    expect(result.current.drivers.size).toBe(1);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.drivers.size).toBe(0);
  });

  it('highlights nothing when another season is shown', () => {
    const { result, rerender } = renderHook(({ standings }) => useStandingsChanges(standings), { initialProps: { standings: standingsFixture() } });
    rerender({ standings: standingsFixture({ seasonId: 3, version: 1, drivers: [] }) });
    expect(result.current.drivers.size).toBe(0);
  });
});
