import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { BidderLotDto, BidderRoundDto } from '@paddock/contracts/bidding.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, type FakeReply } from '../../../testing/fakeApi.js';
import BidderPanel, { timeLeft } from './BidderPanel.js';

const HOUR = 3600 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

function lot(overrides: Partial<BidderLotDto> = {}): BidderLotDto {
  return { id: 1, kind: 'NUMBER', label: '44', manufacturer: null, closesAt: inHours(50), settled: false, winner: null, outcome: null, myBid: null, won: false, ...overrides };
}

function round(overrides: Partial<BidderRoundDto> = {}): BidderRoundDto {
  return {
    id: 3,
    name: 'Winter numbers',
    seasonName: 'League-wide',
    opensAt: inHours(-1),
    closesAt: inHours(50),
    counterBidHours: 24,
    currency: 'TOKENS',
    minimumBid: 10,
    increment: 5,
    open: true,
    settled: false,
    bidder: { kind: 'DRIVER', id: 7, name: 'Dani' },
    budget: 100,
    committed: 0,
    available: 100,
    lots: [lot()],
    ...overrides,
  };
}

function renderPanel(rounds: BidderRoundDto[], bid?: FakeReply) {
  const fake = installFakeApi({ 'GET /api/bidding/mine': { status: 200, body: rounds }, ...(bid ? { 'POST /api/bidding/rounds/3/bids': bid } : {}) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BidderPanel as="numbers" />
    </QueryClientProvider>,
  );
  return fake;
}

describe('the bidder panel', () => {
  it('says how long is left in words', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(timeLeft('2026-11-25T16:30:00Z', now)).toBe('2 d 4 h');
    expect(timeLeft('2026-11-23T13:35:00Z', now)).toBe('1 h 35 min');
    expect(timeLeft('2026-11-23T12:00:20Z', now)).toBe('1 min');
    expect(timeLeft('2026-11-23T11:00:00Z', now)).toBe('closed');
  });

  it('says so when no round is open for the bidder', async () => {
    renderPanel([]);
    expect(await screen.findByText('No bidding round is open for you right now.')).toBeInTheDocument();
  });

  it('checks a bid beside its field, then sends it and shows the budget left', async () => {
    const placed = round({ committed: 35, available: 65, lots: [lot({ myBid: { id: 9, amount: 35, placedAt: inHours(0) } })] });
    const fake = renderPanel([round()], { status: 200, body: placed });
    const article = await screen.findByRole('article', { name: 'Winter numbers for Dani' });
    expect(article).toHaveTextContent('100 left');
    await userEvent.type(within(article).getByRole('spinbutton', { name: 'Bid for Number 44' }), '12');
    await userEvent.click(within(article).getByRole('button', { name: 'Place bid' }));
    expect(await within(article).findByText('A bid goes up in steps of 5 from 10')).toBeInTheDocument();
    expect(fake.calls).not.toContain('POST /api/bidding/rounds/3/bids');

    await userEvent.clear(within(article).getByRole('spinbutton', { name: 'Bid for Number 44' }));
    await userEvent.type(within(article).getByRole('spinbutton', { name: 'Bid for Number 44' }), '35');
    await userEvent.click(within(article).getByRole('button', { name: 'Place bid' }));
    expect(await within(article).findByText('65 left')).toBeInTheDocument();
    expect(JSON.parse(String(fake.requests.find((request) => request.key.startsWith('POST'))!.init!.body))).toEqual({ lotId: 1, amount: 35 });
    expect(within(article).getByRole('button', { name: 'Change bid' })).toBeInTheDocument();
  });

  it('shows the results once lots are settled', async () => {
    renderPanel([
      round({
        open: false,
        settled: true,
        lots: [
          lot({ settled: true, won: true, winner: { name: 'Dani', amount: 40 }, outcome: 'won for 40; on the driver profile' }),
          lot({ id: 2, label: '77', settled: true, winner: { name: 'Kim', amount: 25 } }),
          lot({ id: 3, label: '99', settled: true, outcome: 'not awarded: no bids' }),
        ],
      }),
    ]);
    const article = await screen.findByRole('article', { name: 'Winter numbers for Dani' });
    expect(within(article).getByRole('row', { name: /Number 44/ })).toHaveTextContent('You won it for 40');
    expect(within(article).getByRole('row', { name: /Number 77/ })).toHaveTextContent('Won by Kim for 25');
    expect(within(article).getByRole('row', { name: /Number 99/ })).toHaveTextContent('Not awarded (no bids)');
  });
});
