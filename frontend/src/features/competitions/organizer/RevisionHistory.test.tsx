import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { resultLine } from '../testing/competitionFixture.js';
import type { ResultRevisionDto } from '../types.js';
import { RevisionHistory } from './RevisionHistory.js';

const RESULTS = '/api/seasons/4/events/31/results/3111';
const author = { userId: 1, name: 'Org' };
const REVISIONS: ResultRevisionDto[] = [
  { revision: 3, kind: 'BASE', session: 'RACE', baseRevision: null, author, createdAt: '2026-11-20T20:00:00Z', note: 'saved', lines: 2 },
  { revision: 2, kind: 'DECISIONS', session: 'RACE', baseRevision: 1, author, createdAt: '2026-11-20T19:00:00Z', note: 'steward panel: ticket #3 on revision 1', lines: 2 },
  { revision: 1, kind: 'BASE', session: 'RACE', baseRevision: null, author, createdAt: '2026-11-20T18:00:00Z', note: 'imported from race.json', lines: 2 },
];

describe('the results history', () => {
  it('tells the organizer’s bases and the steward decisions apart, and restoring a decisions revision restores its base', async () => {
    const fake = installFakeApi({
      [`GET ${RESULTS}/revisions`]: { status: 200, body: REVISIONS },
      [`POST ${RESULTS}/revisions/1/revert`]: { status: 200, body: { raceId: 3111, revision: 5, results: [resultLine(7, 'Speedy', 1)] } },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RevisionHistory race={{ seasonId: 4, eventId: 31, raceId: 3111 }} onReverted={() => undefined} />
      </QueryClientProvider>,
    );
    const items = within(await screen.findByRole('list', { name: 'Revisions' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^(Base|Steward decisions)$/).textContent)).toEqual(['Base', 'Steward decisions', 'Base']);

    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Restore revision 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("The organizer's results of revision 1 (the base of revision 2) come back. Every standing steward decision is applied to them again.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(fake.calls).toContain(`POST ${RESULTS}/revisions/1/revert`));
  });
});
