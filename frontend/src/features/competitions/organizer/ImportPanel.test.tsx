import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { resultLine } from '../testing/competitionFixture.js';
import type { ImportPreviewDriverDto, RaceResultsDto, ResultImportPreviewDto } from '../types.js';
import { ImportPanel } from './ImportPanel.js';

const PREVIEW = 'POST /api/seasons/4/events/31/results/3111/import/preview';
const IMPORT = 'POST /api/seasons/4/events/31/results/3111/import';
const SOURCES = { 'GET /api/competitions/external/sources': { status: 200, body: [{ id: 'ACC', name: 'Assetto Corsa Competizione', extensions: ['.json'] }] } };
const ROOKIE = { id: 12, driverName: '[ 12 ] - Rookie', driverNumber: 12, hidden: false, country: null, platforms: ['PC'], teams: [], crewRoles: [] };

const driver = (key: string, name: string, match: ImportPreviewDriverDto['match'] = null): ImportPreviewDriverDto => ({
  key,
  name,
  platformId: null,
  raceNumber: null,
  teamName: null,
  laps: null,
  drivingTimeMs: null,
  match,
});
const line = (index: number, status: 'FINISHED' | 'DNF', reason: string | null, drivers: ImportPreviewDriverDto[]) => ({
  line: index,
  position: index + 1,
  status,
  reason,
  laps: status === 'DNF' ? 9 : 10,
  totalTimeMs: status === 'DNF' ? null : 1_003_000 + index,
  bestLapMs: 98_000,
  penaltyMs: index === 1 ? 30_000 : 0,
  fastestLap: false,
  carModel: null,
  drivers,
});
const PREVIEWED: ResultImportPreviewDto = {
  fileName: 'race.json',
  format: 'AC',
  session: 'RACE',
  gameName: 'Assetto Corsa',
  trackName: 'monza',
  unchanged: false,
  lines: [
    line(0, 'FINISHED', null, [driver('0', 'Speedy', { profileId: 7, driverName: '[ 7 ] - Speedy', by: 'PLATFORM_ID' })]),
    line(1, 'FINISHED', '+30 s post-race penalty', [driver('1', 'R. Rookie')]),
    line(2, 'FINISHED', null, [driver('2', 'Visiting Star')]),
    line(3, 'DNF', 'retired: stopped before the flag', [driver('3', 'Safety Car')]),
  ],
};
const SAVED: RaceResultsDto = { raceId: 3111, revision: 4, results: [resultLine(7, 'Speedy', 1), resultLine(12, 'Rookie', 2)] };

function renderPanel(imported: RaceResultsDto[] = []) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImportPanel race={{ seasonId: 4, eventId: 31, raceId: 3111 }} startsAt="2026-01-10T19:00:00Z" onImported={(results) => imported.push(results)} />
    </QueryClientProvider>,
  );
}

const pick = async (name: string) => {
  await userEvent.upload(screen.getByLabelText('Results file'), new File(['{}'], name, { type: 'application/json' }));
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
};

describe('importing a server results file', () => {
  it('shows the chosen file’s name, previews every line with its classification and why, and saves the decisions for drivers outside the league', async () => {
    const sent: { decisions: string | null; confirm: string | null }[] = [];
    installFakeApi({
      ...SOURCES,
      'GET /api/profile/list': { status: 200, body: { content: [ROOKIE], pageNumber: 0, pageSize: 10, totalElements: 1, totalPages: 1 } },
      [PREVIEW]: { status: 200, body: PREVIEWED },
      [IMPORT]: (init) => {
        const form = init?.body as FormData;
        sent.push({ decisions: form.get('decisions') as string | null, confirm: form.get('confirmMismatch') as string | null });
        return { status: 200, body: { results: SAVED, unmatched: [], unchanged: false } };
      },
    });
    const imported: RaceResultsDto[] = [];
    renderPanel(imported);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Results file'), new File(['{}'], 'race.json', { type: 'application/json' }));
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('race.json');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const table = await screen.findByRole('table', { name: 'Lines of the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual([
      'Finished',
      'Finished — +30 s post-race penalty',
      'Finished',
      'DNF — retired: stopped before the flag',
    ]);
    expect(within(rows[0]).getByText('[ 7 ] - Speedy (by platform id)')).toBeInTheDocument();
    expect(within(rows[1]).getByText('+30 s')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save results' });
    expect(save).toBeDisabled();

    const decide = async (name: string, option: string) => {
      await userEvent.selectOptions(screen.getByRole('combobox', { name: `${name}: not in the league` }), option);
    };
    await decide('R. Rookie', 'A league driver…');
    await userEvent.type(screen.getByRole('combobox', { name: 'Driver for R. Rookie' }), '12');
    await userEvent.click(await screen.findByRole('option', { name: '[ 12 ] - Rookie' }));
    await decide('Visiting Star', 'Guest (scores nothing)');
    expect(save).toBeDisabled();
    await decide('Safety Car', 'Skip (leave out)');
    await userEvent.click(save);

    await waitFor(() => expect(imported.map((results) => results.revision)).toEqual([4]));
    expect(sent).toEqual([{ decisions: JSON.stringify({ 1: 12, 2: 'GUEST', 3: 'SKIP' }), confirm: null }]);
    expect(screen.getByRole('status')).toHaveTextContent('Imported 2 lines from race.json as revision 4.');
  });

  it('says whose file it is when it is not for the race, and imports it anyway only when asked', async () => {
    const previews: (string | null)[] = [];
    const saves: (string | null)[] = [];
    installFakeApi({
      ...SOURCES,
      [PREVIEW]: (init) => {
        const confirm = (init?.body as FormData).get('confirmMismatch') as string | null;
        previews.push(confirm);
        return confirm
          ? { status: 200, body: { ...PREVIEWED, lines: [PREVIEWED.lines[0]] } }
          : {
              status: 409,
              body: { status: 409, message: 'This is an Assetto Corsa file from Red Bull Ring; the race is Assetto Corsa Competizione at Monza', path: '', timestamp: '' },
            };
      },
      [IMPORT]: (init) => {
        saves.push((init?.body as FormData).get('confirmMismatch') as string | null);
        return { status: 200, body: { results: SAVED, unmatched: [], unchanged: false } };
      },
    });
    renderPanel();
    await pick('rbr.json');
    expect(await screen.findByText(/This is an Assetto Corsa file from Red Bull Ring; the race is Assetto Corsa Competizione at Monza/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import anyway' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save results' }));
    await waitFor(() => expect(saves).toEqual(['true']));
    expect(previews).toEqual([null, 'true']);
  });

  it('says nothing changed when the file is already the race’s results', async () => {
    installFakeApi({
      ...SOURCES,
      [PREVIEW]: { status: 200, body: { ...PREVIEWED, unchanged: true, lines: [PREVIEWED.lines[0]] } },
      [IMPORT]: { status: 200, body: { results: SAVED, unmatched: [], unchanged: true } },
    });
    const imported: RaceResultsDto[] = [];
    renderPanel(imported);
    await pick('race.json');
    expect(await screen.findByText('Nothing changed: this file is already the race’s results.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save results' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing changed: this file is already the race’s results.');
    expect(imported).toEqual([]);
  });

  it('lists where the file and the race’s live draft from the flag differ, driver by driver', async () => {
    const liveDraftDifferences = [
      { name: 'Speedy', platformId: null, file: { position: 1, laps: 10, status: 'FINISHED' as const }, draft: { position: 2, laps: 10, status: 'FINISHED' as const } },
      { name: 'Safety Car', platformId: null, file: { position: 4, laps: 9, status: 'DNF' as const }, draft: null },
    ];
    installFakeApi({ ...SOURCES, [PREVIEW]: { status: 200, body: { ...PREVIEWED, liveDraftDifferences } } });
    renderPanel();
    await pick('race.json');
    const table = await screen.findByRole('table', { name: 'Differences with the live draft' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['Speedy', 'P1 · 10 laps · Finished', 'P2 · 10 laps · Finished'],
      ['Safety Car', 'P4 · 9 laps · DNF', 'Not in it'],
    ]);
  });

  it('says when the file agrees with the live draft', async () => {
    installFakeApi({ ...SOURCES, [PREVIEW]: { status: 200, body: { ...PREVIEWED, liveDraftDifferences: [] } } });
    renderPanel();
    await pick('race.json');
    expect(await screen.findByText(/The file agrees with the live draft from the flag/)).toBeInTheDocument();
  });

  it('says why a file was refused', async () => {
    installFakeApi({
      'GET /api/competitions/external/sources': { status: 200, body: [] },
      [PREVIEW]: { status: 400, body: { status: 400, message: 'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file', path: '', timestamp: '' } },
    });
    renderPanel();
    await pick('race.json');
    expect(await screen.findByRole('alert')).toHaveTextContent('race.json could not be read: Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file');
  });
});
