import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { resultLine } from '../testing/competitionFixture.js';
import type { ImportPreviewDriverDto, LiveDraftDto, RaceResultsDto } from '../types.js';
import { LiveDraftPanel } from './LiveDraftPanel.js';

const DRAFT = 'GET /api/seasons/4/events/31/results/3111/live-draft';
const CONFIRM = 'POST /api/seasons/4/events/31/results/3111/live-draft/confirm';

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
const LIVE_DRAFT: LiveDraftDto = {
  storedAt: '2026-01-10T20:05:00Z',
  confirmedAt: null,
  preview: {
    fileName: 'Live timing draft',
    format: 'ACC',
    session: 'RACE',
    gameName: 'Assetto Corsa Competizione',
    trackName: 'monza',
    unchanged: false,
    lines: [
      {
        line: 0,
        position: 1,
        status: 'FINISHED',
        reason: null,
        laps: 10,
        totalTimeMs: 1_003_000,
        bestLapMs: 98_000,
        penaltyMs: 0,
        fastestLap: true,
        carModel: null,
        drivers: [driver('0', 'Speedy', { profileId: 7, driverName: '[ 7 ] - Speedy', by: 'NAME' })],
      },
      {
        line: 1,
        position: 2,
        status: 'DNF',
        reason: 'retired: had not taken the flag when the session ended',
        laps: 7,
        totalTimeMs: null,
        bestLapMs: 99_000,
        penaltyMs: 0,
        fastestLap: false,
        carModel: null,
        drivers: [driver('1', 'Visiting Star')],
      },
    ],
  },
};
const SAVED: RaceResultsDto = { raceId: 3111, revision: 5, results: [resultLine(7, 'Speedy', 1)] };

function renderPanel(confirmed: RaceResultsDto[] = []) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LiveDraftPanel race={{ seasonId: 4, eventId: 31, raceId: 3111 }} onConfirmed={(results) => confirmed.push(results)} />
    </QueryClientProvider>,
  );
}

describe('the live draft from the flag on the organizer’s results screen', () => {
  it('shows the draft’s lines with the drivers found, and confirms it with the decisions for the others', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      [DRAFT]: { status: 200, body: LIVE_DRAFT },
      [CONFIRM]: (init) => {
        sent.push(JSON.parse(init?.body as string));
        return { status: 200, body: { results: SAVED, unmatched: [], unchanged: false } };
      },
    });
    const confirmed: RaceResultsDto[] = [];
    renderPanel(confirmed);

    const table = await screen.findByRole('table', { name: 'Lines of the live draft' });
    expect(screen.getByRole('heading', { name: 'Live draft from the flag' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['Finished', 'DNF — retired: had not taken the flag when the session ended']);
    expect(within(rows[0]).getByText('[ 7 ] - Speedy (by name)')).toBeInTheDocument();

    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Visiting Star: not in the league' }), 'Guest (scores nothing)');
    await userEvent.click(confirm);

    await waitFor(() => expect(confirmed.map((results) => results.revision)).toEqual([5]));
    expect(sent).toEqual([{ decisions: { 1: 'GUEST' }, confirmMismatch: false }]);
    expect(screen.getByRole('status')).toHaveTextContent('Confirmed the live draft as revision 5.');
  });

  it('shows nothing for a race without a live draft', async () => {
    let asked = 0;
    installFakeApi({
      [DRAFT]: () => {
        asked += 1;
        return { status: 404, body: { status: 404, message: 'Race 3111 has no live timing draft', path: '', timestamp: '' } };
      },
    });
    renderPanel();
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Live draft from the flag' })).not.toBeInTheDocument();
  });

  it('asks before confirming a draft of another game or track, and says who is still undecided', async () => {
    const sent: { confirmMismatch?: boolean }[] = [];
    installFakeApi({
      [DRAFT]: { status: 200, body: { ...LIVE_DRAFT, preview: { ...LIVE_DRAFT.preview, lines: [LIVE_DRAFT.preview.lines[0]] } } },
      [CONFIRM]: (init) => {
        const body = JSON.parse(init?.body as string) as { confirmMismatch?: boolean };
        sent.push(body);
        return body.confirmMismatch
          ? {
              status: 200,
              body: { results: null, unmatched: [{ line: 0, key: '0', position: 1, name: 'Speedy', platformId: null, raceNumber: null, teamName: null }], unchanged: false },
            }
          : { status: 409, body: { status: 409, message: 'This is an Assetto Corsa Competizione file from Spa; the race is at Monza', path: '', timestamp: '' } };
      },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/the race is at Monza/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm anyway' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('One driver still needs a decision: Speedy.');
    expect(sent.map((body) => body.confirmMismatch)).toEqual([false, true]);
  });
});
