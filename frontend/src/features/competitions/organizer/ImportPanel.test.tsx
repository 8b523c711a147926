import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { resultLine } from '../testing/competitionFixture.js';
import type { RaceResultsDto, ResultImportDto } from '../types.js';
import { ImportPanel } from './ImportPanel.js';

const IMPORT = 'POST /api/seasons/4/events/31/results/3111/import';
const ROOKIE = { id: 12, driverName: '[ 12 ] - Rookie', driverNumber: 12, hidden: false, country: null, platforms: ['PC'], teams: [], crewRoles: [] };
const UNMATCHED: ResultImportDto = {
  results: null,
  unmatched: [{ line: 2, position: 3, name: 'R. Rookie', platformId: 'S76561198000000001', raceNumber: 12, teamName: null }],
};
const SAVED: RaceResultsDto = { raceId: 3111, revision: 4, results: [resultLine(7, 'Speedy', 1), resultLine(8, 'Slow', 2), resultLine(12, 'Rookie', 3)] };

describe('importing a server results file', () => {
  it('asks who each unmatched line is, then sends the file again with that mapping and hands the saved results back', async () => {
    const mappings: (string | null)[] = [];
    installFakeApi({
      'GET /api/competitions/external/sources': { status: 200, body: [{ id: 'ACC', name: 'Assetto Corsa Competizione', extensions: ['.json'] }] },
      'GET /api/profile/list': { status: 200, body: { content: [ROOKIE], pageNumber: 0, pageSize: 10, totalElements: 1, totalPages: 1 } },
      [IMPORT]: (init) => {
        const mapping = (init?.body as FormData).get('mapping') as string | null;
        mappings.push(mapping);
        return { status: 200, body: mapping ? { results: SAVED, unmatched: [] } : UNMATCHED };
      },
    });
    const imported: RaceResultsDto[] = [];
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ImportPanel race={{ seasonId: 4, eventId: 31, raceId: 3111 }} onImported={(results) => imported.push(results)} />
      </QueryClientProvider>,
    );
    await userEvent.upload(screen.getByLabelText(/A server results file/), new File(['{}'], 'race.json', { type: 'application/json' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText(/One line of race.json could not be matched/)).toBeInTheDocument();
    expect(screen.getByText(/P3 · #12 · S76561198000000001/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save with these drivers' });
    expect(save).toBeDisabled();

    await userEvent.type(screen.getByRole('combobox', { name: 'Driver for R. Rookie' }), '12');
    await userEvent.click(await screen.findByRole('option', { name: '[ 12 ] - Rookie' }));
    await userEvent.click(save);

    await waitFor(() => expect(imported.map((results) => results.revision)).toEqual([4]));
    expect(mappings).toEqual([null, JSON.stringify({ 2: 12 })]);
    expect(screen.getByRole('status')).toHaveTextContent('Imported 3 lines from race.json as revision 4.');
  });

  it('says why a file was refused', async () => {
    installFakeApi({
      'GET /api/competitions/external/sources': { status: 200, body: [] },
      [IMPORT]: { status: 400, body: { status: 400, message: 'race.json is not an ACC, Assetto Corsa or rFactor 2 results file', path: '', timestamp: '' } },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ImportPanel race={{ seasonId: 4, eventId: 31, raceId: 3111 }} onImported={() => undefined} />
      </QueryClientProvider>,
    );
    await userEvent.upload(screen.getByLabelText(/A server results file/), new File(['x'], 'race.json'));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('race.json was not imported: race.json is not an ACC, Assetto Corsa or rFactor 2 results file');
  });
});
