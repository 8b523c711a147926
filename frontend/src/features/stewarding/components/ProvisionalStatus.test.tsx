import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { applyMessage } from '../../../testing/liveCache.js';
import { stewardingKeys } from '../api.js';
import { ResultsStatus } from '../slots.js';
import type { RaceStewardingDto } from '../types.js';
import { provisionalLine } from './ProvisionalStatus.js';

const FINAL_AT = '2026-11-26T19:00:00Z';

function renderStatus(raceId = 5) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ResultsStatus raceId={raceId} />
    </QueryClientProvider>,
  );
  return client;
}

describe('provisional results beside a race’s results', () => {
  it('words the status: the moment in the viewer’s zone, open tickets, or final', () => {
    expect(provisionalLine({ raceId: 5, provisional: true, finalAt: FINAL_AT, openTickets: 0 })).toBe(`Final after ${showTime(FINAL_AT).dateTime}`);
    expect(provisionalLine({ raceId: 5, provisional: true, finalAt: null, openTickets: 1 })).toBe('Final once 1 open ticket is decided');
    expect(provisionalLine({ raceId: 5, provisional: true, finalAt: null, openTickets: 2 })).toBe('Final once 2 open tickets are decided');
    expect(provisionalLine({ raceId: 5, provisional: false, finalAt: null, openTickets: 0 })).toBe('Final');
  });

  it('shows "Provisional" with when they become final, and "Final" after a safety-car.changed push', async () => {
    let status: RaceStewardingDto = { raceId: 5, provisional: true, finalAt: FINAL_AT, openTickets: 0, filingOpensAt: null, filingClosesAt: null };
    const fake = installFakeApi({ 'GET /api/safety-car/races/5': () => ({ status: 200, body: status }) });
    const client = renderStatus();
    const shown = await screen.findByRole('status', { name: `Provisional results: Final after ${showTime(FINAL_AT).dateTime}` });
    expect(shown).toHaveTextContent('Provisional');
    expect(shown.querySelector('time')).toHaveAttribute('datetime', FINAL_AT);
    // The zone is named (the viewer's zone, here the test's).
    expect(shown).toHaveTextContent(showTime(FINAL_AT).time);

    status = { ...status, provisional: false, finalAt: null };
    applyMessage(client, 'safety-car.changed', { ticketId: 1 });
    expect(await screen.findByRole('status', { name: 'Final results' })).toHaveTextContent('Final');
    expect(screen.queryByText('Provisional')).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call === 'GET /api/safety-car/races/5')).toHaveLength(2);
  });

  it('shows nothing when the status cannot be read', async () => {
    const fake = installFakeApi({});
    const client = renderStatus(9);
    await waitFor(() => expect(client.getQueryState(stewardingKeys.race(9))?.status).toBe('error'));
    expect(fake.calls).toContain('GET /api/safety-car/races/9');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
