import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { BidderLotDto, BidderRoundDto } from '@paddock/contracts/bidding.js';
import { bidAmountProblem } from '@paddock/contracts/bidding.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { showTime } from '../../../components/dateTime.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { biddingQueries, usePlaceBid, useWithdrawBid } from '../api.js';

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
    <Box component="section" aria-label={title} sx={{ my: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {rounds.isPending ? (
        <CenteredLoader label="Loading the bidding rounds" />
      ) : rounds.isError ? (
        <Alert severity="error" action={<Button onClick={() => void rounds.refetch()}>Try again</Button>}>
          The bidding rounds could not be loaded.
        </Alert>
      ) : rounds.data.length === 0 ? (
        <Typography color="text.secondary">No bidding round is open for you right now.</Typography>
      ) : (
        rounds.data.map((round) => <RoundPanel key={`${round.id}-${round.bidder.kind}-${round.bidder.id}`} round={round} />)
      )}
    </Box>
  );
}

function RoundPanel({ round }: { round: BidderRoundDto }) {
  const closes = showTime(round.closesAt);
  const currency = round.currency === 'TOKENS' ? 'tokens' : 'points';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="article" aria-label={`${round.name} for ${round.bidder.name}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ mr: 1 }}>
          {round.name}
        </Typography>
        <Chip size="small" label={round.seasonName} />
        <Chip size="small" color={round.open ? 'success' : 'default'} label={round.settled ? 'Settled' : round.open ? 'Open' : 'Closed'} />
      </Box>
      <Typography variant="body2">
        Bidding as <strong>{round.bidder.name}</strong>. Budget {round.budget} {currency}: {round.committed} in bids and wins, <strong>{round.available} left</strong>.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Closes {closes.dateTime}. Bids from {round.minimumBid} in steps of {round.increment}; bids are sealed. A bid in the last {round.counterBidHours} h of a lot moves that
        lot&apos;s close to {round.counterBidHours} h after it.
      </Typography>
      {/* Scrolls sideways in its box on a phone instead of widening the page. */}
      <Box sx={{ overflowX: 'auto', mt: 1 }} role="region" tabIndex={0} aria-label={`Lots of ${round.name}, scrolls sideways`}>
        <Table size="small" aria-label={`Lots of ${round.name}`}>
          <TableHeader columns={['Lot', 'Closes', 'Your bid', 'Result or bid']} />
          <TableBody>
            {round.lots.map((lot) => (
              <LotRow key={lot.id} round={round} lot={lot} />
            ))}
          </TableBody>
        </Table>
      </Box>
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
    <TableRow>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      <TableCell>{lot.settled ? 'Settled' : `${showTime(lot.closesAt).short} (${timeLeft(lot.closesAt)} left)`}</TableCell>
      <TableCell>{lot.myBid ? lot.myBid.amount : '—'}</TableCell>
      <TableCell>
        {lot.settled ? (
          <Typography variant="body2">
            {lot.won ? <strong>You won it for {lot.winner?.amount}</strong> : lot.winner ? `Won by ${lot.winner.name} for ${lot.winner.amount}` : 'Not awarded'}
            {lot.outcome && !lot.won && !lot.winner ? ` (${lot.outcome.replace(/^not awarded: /, '')})` : ''}
          </Typography>
        ) : open ? (
          <Box component="form" noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} onSubmit={onSubmit}>
            <TextField
              size="small"
              type="number"
              {...amount}
              error={amount.error || Boolean(refusal)}
              slotProps={{ htmlInput: { min: round.minimumBid, step: round.increment } }}
              sx={{ width: 170 }}
            />
            <Button type="submit" variant="contained" disabled={busy || withdrawing}>
              {lot.myBid ? 'Change bid' : 'Place bid'}
            </Button>
            {lot.myBid && (
              <Button color="error" disabled={busy || withdrawing} onClick={() => void withdraw()}>
                Withdraw
              </Button>
            )}
          </Box>
        ) : (
          'Closed'
        )}
      </TableCell>
    </TableRow>
  );
}
