import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BIDDING_CURRENCIES,
  COUNTER_BID_HOURS_MAX,
  COUNTER_BID_HOURS_MIN,
  TIE_BREAKS,
  type BiddingCurrency,
  type BiddingRoundDto,
  type BiddingRoundRequest,
  type TieBreak,
} from '@paddock/contracts/bidding.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { fromLocalInputValue, showTime, toLocalInputValue, viewerTimeZone } from '../../../components/dateTime.js';
import { SaveFailure, type FieldErrors } from '../../../components/form/saveWithImage.js';
import { competitionQueries } from '../../competitions/index.js';
import { biddingCommands, biddingKeys, biddingQueries } from '../api.js';
import { lotsFromText, lotsToText } from '../lotsText.js';

const DAY = 24 * 3600 * 1000;
const TIE_BREAK_LABELS: Record<TieBreak, string> = { CHAMPIONSHIP_POSITION: 'Better championship position', EARLIEST_BID: 'Earlier bid' };
const CURRENCY_LABELS: Record<BiddingCurrency, string> = { TOKENS: 'Tokens per driver or team', POINTS: "Last season's points" };

/** Admin-Biddingconfig (/admin/biddingconfig): every bidding round, and the form to set one up or change it. */
export default function BiddingConfigPage() {
  const rounds = useQuery(biddingQueries.rounds());
  const [editing, setEditing] = useState<BiddingRoundDto | 'new' | null>(null);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Bidding configuration</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Rounds of sealed bids for team seats and car models (TEAM and LVL seasons) and race numbers (a season or league-wide). Times are in your time zone, {viewerTimeZone()}.
      </Typography>
      {editing ? (
        <RoundForm round={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="contained" onClick={() => setEditing('new')} sx={{ mb: 2 }}>
          New round
        </Button>
      )}
      {rounds.isPending ? (
        <CenteredLoader label="Loading the bidding rounds" />
      ) : rounds.isError ? (
        <EmptyState title="The bidding rounds could not be loaded">
          <Button onClick={() => void rounds.refetch()}>Try again</Button>
        </EmptyState>
      ) : rounds.data.length === 0 ? (
        <EmptyState title="No bidding round yet" />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Bidding rounds">
            <TableHead>
              <TableRow>
                <TableCell>Round</TableCell>
                <TableCell>Season</TableCell>
                <TableCell>Opens</TableCell>
                <TableCell>Closes</TableCell>
                <TableCell>Lots</TableCell>
                <TableCell>Bids</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rounds.data.map((round) => (
                <TableRow key={round.id}>
                  <TableCell component="th" scope="row">
                    {round.name}
                  </TableCell>
                  <TableCell>{round.seasonName}</TableCell>
                  <TableCell>{showTime(round.opensAt).dateTime}</TableCell>
                  <TableCell>{showTime(round.closesAt).dateTime}</TableCell>
                  <TableCell>{round.lots.length}</TableCell>
                  <TableCell>{round.bidCount}</TableCell>
                  <TableCell>
                    <Chip size="small" label={round.settled ? 'Settled' : Date.parse(round.opensAt) > Date.now() ? 'Not open yet' : 'Open'} />
                  </TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setEditing(round)} aria-label={`Edit ${round.name}`} disabled={round.lots.some((lot) => lot.settled)}>
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Container>
  );
}

interface FormState {
  name: string;
  competitionId: string;
  seasonId: string;
  opensAt: string;
  closesAt: string;
  counterBidHours: string;
  currency: BiddingCurrency;
  tokensPerBidder: string;
  minimumBid: string;
  increment: string;
  manufacturerCap: string;
  tieBreak: TieBreak;
  lots: string;
}

function initialState(round: BiddingRoundDto | null): FormState {
  const now = Date.now();
  return {
    name: round?.name ?? '',
    competitionId: '',
    seasonId: round?.seasonId ? String(round.seasonId) : '',
    opensAt: toLocalInputValue(round?.opensAt ?? new Date(now).toISOString()),
    closesAt: toLocalInputValue(round?.closesAt ?? new Date(now + 7 * DAY).toISOString()),
    counterBidHours: String(round?.counterBidHours ?? 24),
    currency: round?.currency ?? 'TOKENS',
    tokensPerBidder: round?.tokensPerBidder ? String(round.tokensPerBidder) : '100',
    minimumBid: String(round?.minimumBid ?? 10),
    increment: String(round?.increment ?? 5),
    manufacturerCap: round?.manufacturerCap ? String(round.manufacturerCap) : '',
    tieBreak: round?.tieBreak ?? 'EARLIEST_BID',
    lots: round ? lotsToText(round.lots) : '',
  };
}

const wholeOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function RoundForm({ round, onDone }: { round: BiddingRoundDto | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => initialState(round));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const competitions = useQuery(competitionQueries.search({ pageNumber: 0, pageSize: 100 }, {}));
  const competition = useQuery({ ...competitionQueries.details(Number(form.competitionId)), enabled: form.competitionId !== '' });
  const set = (field: keyof FormState) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const error = (field: string) => errors[field]?.join(', ');

  const save = async () => {
    const parsed = lotsFromText(form.lots);
    if (parsed.problems.length) return setErrors({ lots: parsed.problems });
    const request: BiddingRoundRequest = {
      ...(round ? { id: round.id } : {}),
      name: form.name,
      seasonId: wholeOrNull(form.seasonId),
      opensAt: fromLocalInputValue(form.opensAt),
      closesAt: fromLocalInputValue(form.closesAt),
      counterBidHours: Number(form.counterBidHours),
      currency: form.currency,
      tokensPerBidder: form.currency === 'TOKENS' ? wholeOrNull(form.tokensPerBidder) : null,
      minimumBid: Number(form.minimumBid),
      increment: Number(form.increment),
      manufacturerCap: wholeOrNull(form.manufacturerCap),
      tieBreak: form.tieBreak,
      lots: parsed.lots,
    };
    setBusy(true);
    setMessage(null);
    try {
      await biddingCommands.saveRound(request);
      await queryClient.invalidateQueries({ queryKey: biddingKeys.all });
      onDone();
    } catch (failure) {
      if (failure instanceof SaveFailure) {
        setErrors(failure.fieldErrors);
        setMessage(Object.keys(failure.fieldErrors).length ? 'Check the fields marked below.' : failure.message);
      } else setMessage('The round could not be saved');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="form"
      noValidate
      aria-label={round ? `Edit ${round.name}` : 'New bidding round'}
      variant="outlined"
      sx={{ p: 2, mb: 3 }}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {round ? `Edit ${round.name}` : 'New bidding round'}
      </Typography>
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField label="Name" value={form.name} onChange={set('name')} error={!!error('name')} helperText={error('name')} required />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label="Competition" value={form.competitionId} onChange={set('competitionId')} sx={{ minWidth: 220 }} helperText="Empty: keep the season below">
            <MenuItem value="">—</MenuItem>
            {(competitions.data?.content ?? []).map((choice) => (
              <MenuItem key={choice.id} value={String(choice.id)}>
                {choice.name} ({choice.style})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Season"
            value={form.seasonId}
            onChange={set('seasonId')}
            sx={{ minWidth: 220 }}
            error={!!error('seasonId')}
            helperText={error('seasonId') ?? (round && form.competitionId === '' ? round.seasonName : 'League-wide: numbers only')}
          >
            <MenuItem value="">League-wide</MenuItem>
            {round?.seasonId && form.competitionId === '' && <MenuItem value={String(round.seasonId)}>{round.seasonName}</MenuItem>}
            {(competition.data?.seasons ?? []).map((season) => (
              <MenuItem key={season.id} value={String(season.id)}>
                {season.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="datetime-local"
            label={`Opens (${viewerTimeZone()})`}
            value={form.opensAt}
            onChange={set('opensAt')}
            error={!!error('opensAt')}
            helperText={error('opensAt')}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField
            type="datetime-local"
            label={`Closes (${viewerTimeZone()})`}
            value={form.closesAt}
            onChange={set('closesAt')}
            error={!!error('closesAt')}
            helperText={error('closesAt')}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField
            type="number"
            label="Counter-bid window (hours)"
            value={form.counterBidHours}
            onChange={set('counterBidHours')}
            error={!!error('counterBidHours')}
            helperText={error('counterBidHours') ?? `${COUNTER_BID_HOURS_MIN}–${COUNTER_BID_HOURS_MAX} h: a bid this close to a lot's close moves it this long after the bid`}
            slotProps={{ htmlInput: { min: COUNTER_BID_HOURS_MIN, max: COUNTER_BID_HOURS_MAX } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Currency"
            value={form.currency}
            onChange={set('currency')}
            error={!!error('currency')}
            helperText={error('currency')}
            sx={{ minWidth: 220 }}
          >
            {BIDDING_CURRENCIES.map((currency) => (
              <MenuItem key={currency} value={currency}>
                {CURRENCY_LABELS[currency]}
              </MenuItem>
            ))}
          </TextField>
          {form.currency === 'TOKENS' && (
            <TextField
              type="number"
              label="Tokens per bidder"
              value={form.tokensPerBidder}
              onChange={set('tokensPerBidder')}
              error={!!error('tokensPerBidder')}
              helperText={error('tokensPerBidder')}
            />
          )}
          <TextField type="number" label="Minimum bid" value={form.minimumBid} onChange={set('minimumBid')} error={!!error('minimumBid')} helperText={error('minimumBid')} />
          <TextField type="number" label="Increment" value={form.increment} onChange={set('increment')} error={!!error('increment')} helperText={error('increment')} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="number"
            label="Cars of one manufacturer (cap)"
            value={form.manufacturerCap}
            onChange={set('manufacturerCap')}
            error={!!error('manufacturerCap')}
            helperText={error('manufacturerCap') ?? 'Empty: no cap'}
          />
          <TextField
            select
            label="Tie-break"
            value={form.tieBreak}
            onChange={set('tieBreak')}
            error={!!error('tieBreak')}
            helperText={error('tieBreak')}
            sx={{ minWidth: 260 }}
          >
            {TIE_BREAKS.map((tieBreak) => (
              <MenuItem key={tieBreak} value={tieBreak}>
                {TIE_BREAK_LABELS[tieBreak]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label="Lots"
          multiline
          minRows={4}
          value={form.lots}
          onChange={set('lots')}
          error={!!error('lots')}
          helperText={error('lots') ?? 'One per line: "number 44", "numbers 2-99", "seat Seat 1", "car Ferrari 296 GT3 / Ferrari" (model / manufacturer)'}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            Save round
          </Button>
          <Button onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
