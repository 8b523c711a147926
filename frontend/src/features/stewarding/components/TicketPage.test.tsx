import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { internalFixture, ticketFixture } from '../testing/ticketFixture.js';
import type { TicketDto } from '../types.js';
import TicketPage from './TicketPage.js';

function renderTicket(ticket: TicketDto) {
  const api = installFakeApi({ 'GET /api/tickets/7': { status: 200, body: ticket }, 'POST /api/tickets/7/votes': { status: 200, body: ticket } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/steward/tickets/7']}>
        <Routes>
          <Route path="/steward/tickets/:ticket" element={<TicketPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe("a steward's ticket page", () => {
  it('shows how many voted but not their votes until the steward votes; deciding waits for the majority', async () => {
    renderTicket(ticketFixture({ internal: internalFixture({ votesCast: 2 }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket #7' })).toBeInTheDocument();
    expect(screen.getByText('2 votes cast; they are hidden until you vote.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Votes of the panel' })).not.toBeInTheDocument();
    const vote = screen.getByRole('form', { name: 'Your vote' });
    expect(within(vote).getByRole('button', { name: 'Cast vote' })).toBeEnabled();
    const decision = screen.getByRole('form', { name: 'Decision' });
    expect(within(decision).getByRole('button', { name: 'Publish decision' })).toBeDisabled();
    expect(within(decision).getByText('A decision needs 2 of 3 stewards agreeing on the outcomes, or the head steward (2 votes cast).')).toBeInTheDocument();
  });

  it('shows every vote once the steward voted, and lets a head steward decide', async () => {
    const mine = { steward: { userId: 5, name: 'Steward Sam' }, outcomes: [], reason: 'Racing incident.', round: 1, createdAt: '2026-11-24T13:00:00Z' };
    const other = {
      ...mine,
      steward: { userId: 6, name: 'Steward Kim' },
      outcomes: [{ kind: 'WARNING' as const, profileId: 43, driverName: '[ 9 ] - Lou', label: 'Warning' }],
    };
    renderTicket(ticketFixture({ internal: internalFixture({ votesCast: 2, votes: [other, mine], myVote: mine, canDecide: true }) }));
    const votes = await screen.findByRole('list', { name: 'Votes of the panel' });
    expect(within(votes).getByText('Steward Kim: [ 9 ] - Lou: Warning')).toBeInTheDocument();
    expect(within(votes).getByText('Steward Sam: No further action')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Decision' })).getByRole('button', { name: 'Publish decision' })).toBeEnabled();
  });

  it('disables posting, voting and deciding for a recused steward, saying why', async () => {
    renderTicket(ticketFixture({ internal: internalFixture({ recusedReason: 'you raced in this race', canDecide: false }) }));
    expect(await screen.findByText('You are recused from this ticket: you raced in this race')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Your vote' })).getByRole('button', { name: 'Cast vote' })).toBeDisabled();
    const decision = screen.getByRole('form', { name: 'Decision' });
    expect(within(decision).getByRole('button', { name: 'Publish decision' })).toBeDisabled();
    expect(within(decision).getByText('you raced in this race')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post message' })).toBeDisabled();
    expect(screen.getByText('You cannot post: you raced in this race')).toBeInTheDocument();
  });

  it("picks each outcome's driver and kind from a list, asking for the places of a position penalty", async () => {
    renderTicket(ticketFixture({ internal: internalFixture({ canDecide: true }) }));
    const decision = await screen.findByRole('form', { name: 'Decision' });
    expect(within(decision).getByRole('combobox', { name: 'Driver 1' })).toHaveDisplayValue('[ 9 ] - Lou');
    const outcome = within(decision).getByRole('combobox', { name: 'Outcome 1' });
    expect(outcome).toHaveDisplayValue('No further action');
    expect(within(decision).queryByRole('textbox', { name: 'Places 1' })).not.toBeInTheDocument();
    await userEvent.selectOptions(outcome, 'Position penalty');
    const places = within(decision).getByRole('textbox', { name: 'Places 1' });
    await userEvent.click(within(decision).getByRole('button', { name: 'Publish decision' }));
    expect(places).toHaveAttribute('aria-invalid', 'true');
    expect(places).toHaveAccessibleDescription('Places 1 is required');
    expect(within(decision).getByRole('textbox', { name: 'Reason (the drivers read it)' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('casts a vote with the outcome picked for the driver picked', async () => {
    const api = renderTicket(ticketFixture());
    const vote = await screen.findByRole('form', { name: 'Your vote' });
    await userEvent.selectOptions(within(vote).getByRole('combobox', { name: 'Driver 1' }), '[ 7 ] - Speedy');
    await userEvent.selectOptions(within(vote).getByRole('combobox', { name: 'Outcome 1' }), 'Warning');
    await userEvent.type(within(vote).getByRole('textbox', { name: 'Reason for your vote' }), 'Both drivers share the blame.');
    await userEvent.click(within(vote).getByRole('button', { name: 'Cast vote' }));
    expect(await within(vote).findByText('Your vote is in.')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.key === 'POST /api/tickets/7/votes');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ outcomes: [{ kind: 'WARNING', profileId: 42, amount: null }], reason: 'Both drivers share the blame.' });
  });
});
