import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, type FakeApi, type FakeReply } from '../../../testing/fakeApi.js';
import { resultLine, seasonFixture } from '../testing/competitionFixture.js';
import type { RaceResultsDto, RaceResultsRequest } from '../types.js';
import ResultsPage from './ResultsPage.js';

const RESULTS = '/api/seasons/4/events/31/results/3111';
const SAVED: RaceResultsDto = { raceId: 3111, revision: 2, results: [resultLine(7, 'Speedy', 1), resultLine(8, 'Slow', 2)] };
const ROOKIE = { id: 12, driverName: 'Rookie', driverNumber: 12, hidden: false, country: null, platforms: ['PC'], teams: [], crewRoles: [] };

function renderPage(put?: FakeReply): FakeApi {
  const fake = installFakeApi({
    'GET /api/seasons/4': { status: 200, body: seasonFixture() },
    [`GET ${RESULTS}`]: { status: 200, body: SAVED },
    [`GET ${RESULTS}/revisions`]: { status: 200, body: [] },
    'GET /api/competitions/external/sources': { status: 200, body: [] },
    'GET /api/profile/list': { status: 200, body: { content: [ROOKIE], pageNumber: 0, pageSize: 10, totalElements: 1, totalPages: 1 } },
    [`PUT ${RESULTS}`]:
      put ??
      ((init) => {
        const sent = JSON.parse(String(init?.body)) as RaceResultsRequest;
        return {
          status: 200,
          body: {
            raceId: 3111,
            revision: 3,
            results: sent.results.map((line) => resultLine(line.profileId, `Driver ${line.profileId}`, line.position, { ...line, coDrivers: [] })),
          },
        };
      }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/organizer/competitions/2/seasons/4/event/31/results']}>
        <Routes>
          <Route path="/organizer/competitions/:competition/seasons/:season/event/:event/results/:race?" element={<ResultsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fake;
}

const cell = (name: string) => screen.getByRole('textbox', { name });
const sentBody = (fake: FakeApi) => JSON.parse(String(fake.requests.find((request) => request.key.startsWith('PUT'))!.init!.body)) as RaceResultsRequest;

describe('the results entry grid', () => {
  it('moves down a column with Enter, across with the arrows, and moves a driver with Alt+arrows', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('textbox', { name: 'Laps, P1 Speedy' }));
    await userEvent.keyboard('21{Enter}');
    expect(cell('Laps, P1 Speedy')).toHaveValue('21');
    expect(cell('Laps, P2 Slow')).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(cell('Total time, P2 Slow')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(cell('Total time, P1 Speedy')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('combobox', { name: 'Status, P1 Speedy' })).toHaveFocus();

    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(screen.getByRole('combobox', { name: 'Status, P2 Speedy' })).toHaveFocus();
    expect(
      within(screen.getByRole('table', { name: 'Results entry' }))
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Slow', 'Speedy']);
  });

  it('goes from the last row to Add driver, where a number and Enter add the next finisher', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('textbox', { name: 'Laps, P2 Slow' }));
    await userEvent.keyboard('{Enter}');
    const add = screen.getByRole('combobox', { name: 'Add driver (number or name)' });
    expect(add).toHaveFocus();
    await userEvent.keyboard('12');
    await screen.findByRole('option', { name: 'Rookie' });
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('rowheader', { name: 'Rookie' })).toBeInTheDocument();
    expect(cell('Laps, P3 Rookie')).toHaveValue('20');
    expect(add).toHaveValue('');
  });

  it('tidies a typed time, refuses a bad one in words without sending, and saves the grid as positions and milliseconds', async () => {
    const fake = renderPage();
    await userEvent.click(await screen.findByRole('textbox', { name: 'Best lap, P1 Speedy' }));
    await userEvent.keyboard('87.5{Enter}');
    expect(cell('Best lap, P1 Speedy')).toHaveValue('1:27.500');

    await userEvent.keyboard('1:60.1');
    await userEvent.click(screen.getByRole('button', { name: 'Save results' }));
    expect(await screen.findByText('Seconds run from 00 to 59')).toBeInTheDocument();
    expect(cell('Best lap, P2 Slow')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked cells.');
    expect(fake.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);

    await userEvent.clear(cell('Best lap, P2 Slow'));
    await userEvent.type(cell('Best lap, P2 Slow'), '1:29.25');
    expect(screen.queryByText('Seconds run from 00 to 59')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save results' }));
    expect(await screen.findByText(/Saved as revision 3/)).toBeInTheDocument();
    expect(sentBody(fake).results).toEqual([
      { profileId: 7, position: 1, status: 'FINISHED', laps: 20, totalTimeMs: 1_801_000, bestLapMs: 87_500, pole: false, fastestLap: false, teamId: null },
      { profileId: 8, position: 2, status: 'FINISHED', laps: 20, totalTimeMs: 1_802_000, bestLapMs: 89_250, pole: false, fastestLap: false, teamId: null },
    ]);
  });

  it("shows the API's refusal on the cell it names", async () => {
    renderPage({
      status: 400,
      body: { status: 400, message: 'Validation failed', path: RESULTS, timestamp: '', errors: { 'results.1.laps': ['Slow did more laps than the race had'] } },
    });
    await userEvent.click(await screen.findByRole('textbox', { name: 'Laps, P2 Slow' }));
    await userEvent.keyboard('99');
    await userEvent.click(screen.getByRole('button', { name: 'Save results' }));
    await waitFor(() => expect(cell('Laps, P2 Slow')).toHaveAttribute('aria-invalid', 'true'));
    // On a line of its own the table's width, not wrapped inside the narrow cell.
    const message = screen.getByText('Slow did more laps than the race had');
    expect(message.closest('td')).toHaveAttribute('colspan');
    expect(cell('Laps, P2 Slow')).toHaveAccessibleDescription('Laps: Slow did more laps than the race had');
  });

  it("defaults every row's laps to the winner's: typing the winner's fills the rows that followed them", async () => {
    renderPage();
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Laps, P1 Speedy' }));
    await userEvent.type(cell('Laps, P1 Speedy'), '21');
    expect(cell('Laps, P2 Slow')).toHaveValue('21');
    await userEvent.clear(cell('Laps, P2 Slow'));
    await userEvent.type(cell('Laps, P2 Slow'), '19');
    await userEvent.clear(cell('Laps, P1 Speedy'));
    await userEvent.type(cell('Laps, P1 Speedy'), '22');
    expect(cell('Laps, P2 Slow')).toHaveValue('19');
  });
});
