import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BidderLotDto, BidderRoundDto } from '@paddock/contracts/bidding.js';
import { bidAmountProblem } from '@paddock/contracts/bidding.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { showTime } from '../../../components/dateTime.js';
import { Alert, Button, Chip, Paper, Table, TableHead, Text, TextField } from '../../../components/ui/index.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { biddingQueries, usePlaceBid, useWithdrawBid } from '../api.js';
import './bidderPanel.css';

/** Time left until `iso`, in words ("2 d 4 h", "35 min"); "closed" once past. */
export function timeLeft(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  if (ms <= 0) return 'closed';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes % 60} min`;
  return `${Math.max(1, minutes)} min`;
}

/**
 * The bidder's panel (Profile for drivers' numbers, My Teams for captains' seats and cars): each open
 * or lately settled round with its lots, the bidder's own sealed bid, budget and time left (in the
 * viewer's zone), and the results after settlement. Pushes refresh it.
 */
export default function BidderPanel({ as }: { as: 'numbers' | 'teams' }) {
  const rounds = useQuery(biddingQueries.mine(as));
  const title = as === 'numbers' ? 'Bidding for race numbers' : 'Bidding for seats and cars';
  return (
    <section aria-label={title} className="pd-bidder">
      <Text variant="h5" as="h2" gutterBottom>
        {title}
      </Text>
      {rounds.isPending ? (
        <CenteredLoader label="Loading the bidding rounds" />
      ) : rounds.isError ? (
        <Alert severity="error" action={<Button onClick={() => void rounds.refetch()}>Try again</Button>}>
          The bidding rounds could not be loaded.
        </Alert>
      ) : rounds.data.length === 0 ? (
        <Text tone="secondary">No bidding round is open for you right now.</Text>
      ) : (
        rounds.data.map((round) => <RoundPanel key={`${round.id}-${round.bidder.kind}-${round.bidder.id}`} round={round} />)
      )}
    </section>
  );
}

function RoundPanel({ round }: { round: BidderRoundDto }) {
  const closes = showTime(round.closesAt);
  const currency = round.currency === 'TOKENS' ? 'tokens' : 'points';
  return (
    <Paper as="article" className="pd-bidder-round" aria-label={`${round.name} for ${round.bidder.name}`}>
      <div className="pd-bidder-round-head">
        <Text variant="h6" as="h3" className="pd-bidder-round-name">
          {round.name}
        </Text>
        <Chip size="small" label={round.seasonName} />
        <Chip size="small" color={round.open ? 'success' : 'default'} label={round.settled ? 'Settled' : round.open ? 'Open' : 'Closed'} />
      </div>
      <Text variant="body2">
        Bidding as <strong>{round.bidder.name}</strong>. Budget {round.budget} {currency}: {round.committed} in bids and wins, <strong>{round.available} left</strong>.
      </Text>
      <Text variant="body2" tone="secondary">
        Closes {closes.dateTime}. Bids from {round.minimumBid} in steps of {round.increment}; bids are sealed. A bid in the last {round.counterBidHours} h of a lot moves that
        lot&apos;s close to {round.counterBidHours} h after it.
      </Text>
      {/* Scrolls sideways in its box on a phone instead of widening the page. */}
      <Table size="small" aria-label={`Lots of ${round.name}`} regionLabel={`Lots of ${round.name}, scrolls sideways`} scrollClassName="pd-bidder-lots">
        <TableHead columns={['Lot', 'Closes', 'Your bid', 'Result or bid']} />
        <tbody>
          {round.lots.map((lot) => (
            <LotRow key={lot.id} round={round} lot={lot} />
          ))}
        </tbody>
      </Table>
    </Paper>
  );
}

function lotName(lot: BidderLotDto): string {
  if (lot.kind === 'NUMBER') return `Number ${lot.label}`;
  return lot.manufacturer ? `${lot.label} (${lot.manufacturer})` : lot.label;
}

function LotRow({ round, lot }: { round: BidderRoundDto; lot: BidderLotDto }) {
  const placeBid = usePlaceBid(round);
  const withdrawBid = useWithdrawBid();
  const [withdrawing, setWithdrawing] = useState(false);
  const open = round.open && !lot.settled && Date.parse(lot.closesAt) > Date.now();
  const name = lotName(lot);
  const { form, onSubmit, busy, status, text } = useApiForm<{ amount: string }, BidderRoundDto>({
    defaultValues: { amount: lot.myBid ? String(lot.myBid.amount) : '' },
    submit: ({ amount }, key) => placeBid({ lotId: lot.id, amount: Number(amount), teamId: round.bidder.kind === 'TEAM' ? round.bidder.id : undefined }, key),
    notSaved: 'The bid could not be placed',
    fieldOf: () => 'amount',
  });
  // A refusal that names no field (the round closed meanwhile) is said under the bid.
  const refusal = status.failure && !form.formState.errors.amount ? status.failure.message : undefined;
  const amount = text('amount', {
    label: `Bid for ${name}`,
    required: true,
    validate: (value) => bidAmountProblem(Number(value), round.minimumBid, round.increment) ?? true,
    help: refusal ?? ' ',
  });

  const withdraw = async () => {
    if (!lot.myBid) return;
    setWithdrawing(true);
    try {
      await withdrawBid(lot.myBid.id);
      form.reset({ amount: '' });
    } catch {
      // The Error dialog has said why.
    } finally {
      setWithdrawing(false);
    }
  };

  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{lot.settled ? 'Settled' : `${showTime(lot.closesAt).short} (${timeLeft(lot.closesAt)} left)`}</td>
      <td>{lot.myBid ? lot.myBid.amount : '—'}</td>
      <td>
        {lot.settled ? (
          <Text variant="body2">
            {lot.won ? <strong>You won it for {lot.winner?.amount}</strong> : lot.winner ? `Won by ${lot.winner.name} for ${lot.winner.amount}` : 'Not awarded'}
            {lot.outcome && !lot.won && !lot.winner ? ` (${lot.outcome.replace(/^not awarded: /, '')})` : ''}
          </Text>
        ) : open ? (
          <form noValidate className="pd-bidder-bid" onSubmit={(event) => void onSubmit(event)}>
            <TextField
              size="small"
              type="number"
              {...amount}
              error={amount.error || Boolean(refusal)}
              min={round.minimumBid}
              step={round.increment}
              className="pd-bidder-amount"
            />
            <Button type="submit" variant="contained" disabled={busy || withdrawing}>
              {lot.myBid ? 'Change bid' : 'Place bid'}
            </Button>
            {lot.myBid && (
              <Button color="error" disabled={busy || withdrawing} onClick={() => void withdraw()}>
                Withdraw
              </Button>
            )}
          </form>
        ) : (
          'Closed'
        )}
      </td>
    </tr>
  );
}
