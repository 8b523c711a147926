import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
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
import { EditButton } from '../../../components/EditButton.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { fromLocalInputValue, showTime, toLocalInputValue, viewerTimeZone } from '../../../components/dateTime.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { competitionQueries } from '../../competitions/index.js';
import { biddingQueries, useSaveRound } from '../api.js';
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
      <QueryContent query={rounds} loading="Loading the bidding rounds" failed="The bidding rounds could not be loaded" empty="No bidding round yet">
        {(list) => (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Bidding rounds">
              <TableHeader columns={['Round', 'Season', 'Opens', 'Closes', 'Lots', 'Bids', 'Status', '']} />
              <TableBody>
                {list.map((round) => (
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
                      <EditButton name={round.name} onClick={() => setEditing(round)} disabled={round.lots.some((lot) => lot.settled)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        )}
      </QueryContent>
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

function roundRequest(round: BiddingRoundDto | null, form: FormState): BiddingRoundRequest {
  return {
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
    lots: lotsFromText(form.lots).lots,
  };
}

const lotsCheck = (text: string) => {
  const { problems } = lotsFromText(text);
  return problems.length ? problems.join(', ') : true;
};

function RoundForm({ round, onDone }: { round: BiddingRoundDto | null; onDone: () => void }) {
  const saveRound = useSaveRound();
  const apiForm = useApiForm<FormState, BiddingRoundDto>({
    defaultValues: initialState(round),
    submit: (values, key) => saveRound(roundRequest(round, values), key),
    onSaved: onDone,
    notSaved: 'The round was not saved',
  });
  const { form, onSubmit, busy, status, text } = apiForm;
  const competitionId = useWatch({ control: form.control, name: 'competitionId' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const competitions = useQuery(competitionQueries.search({ pageNumber: 0, pageSize: 100 }, {}));
  const competition = useQuery({ ...competitionQueries.details(Number(competitionId)), enabled: competitionId !== '' });
  const zone = viewerTimeZone();

  return (
    <Paper component="form" noValidate aria-label={round ? `Edit ${round.name}` : 'New bidding round'} variant="outlined" sx={{ p: 2, mb: 3 }} onSubmit={onSubmit}>
      <Typography variant="h6" component="h2" gutterBottom>
        {round ? `Edit ${round.name}` : 'New bidding round'}
      </Typography>
      <Stack spacing={2}>
        <TextField {...text('name', { label: 'Name', required: true })} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            form={apiForm}
            name="competitionId"
            label="Competition"
            sx={{ minWidth: 220 }}
            help="Empty: keep the season below"
            options={[
              { value: '', label: '—' },
              ...(competitions.data?.content ?? []).map((choice) => ({ value: String(choice.id), label: `${choice.name} (${choice.style})` })),
            ]}
          />
          <SelectField
            form={apiForm}
            name="seasonId"
            label="Season"
            sx={{ minWidth: 220 }}
            help={round && competitionId === '' ? round.seasonName : 'League-wide: numbers only'}
            options={[
              { value: '', label: 'League-wide' },
              ...(round?.seasonId && competitionId === '' ? [{ value: String(round.seasonId), label: round.seasonName }] : []),
              ...(competition.data?.seasons ?? []).map((season) => ({ value: String(season.id), label: season.name })),
            ]}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField type="datetime-local" {...text('opensAt', { label: `Opens (${zone})`, required: true })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="datetime-local" {...text('closesAt', { label: `Closes (${zone})`, required: true })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField
            type="number"
            {...text('counterBidHours', {
              label: 'Counter-bid window (hours)',
              required: true,
              help: `${COUNTER_BID_HOURS_MIN}–${COUNTER_BID_HOURS_MAX} h: a bid this close to a lot's close moves it this long after the bid`,
            })}
            slotProps={{ htmlInput: { min: COUNTER_BID_HOURS_MIN, max: COUNTER_BID_HOURS_MAX } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            form={apiForm}
            name="currency"
            label="Currency"
            sx={{ minWidth: 220 }}
            options={BIDDING_CURRENCIES.map((choice) => ({ value: choice, label: CURRENCY_LABELS[choice] }))}
          />
          {currency === 'TOKENS' && <TextField type="number" {...text('tokensPerBidder', { label: 'Tokens per bidder', required: true })} />}
          <TextField type="number" {...text('minimumBid', { label: 'Minimum bid', required: true })} />
          <TextField type="number" {...text('increment', { label: 'Increment', required: true })} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField type="number" {...text('manufacturerCap', { label: 'Cars of one manufacturer (cap)', help: 'Empty: no cap' })} />
          <SelectField
            form={apiForm}
            name="tieBreak"
            label="Tie-break"
            sx={{ minWidth: 260 }}
            options={TIE_BREAKS.map((tieBreak) => ({ value: tieBreak, label: TIE_BREAK_LABELS[tieBreak] }))}
          />
        </Stack>
        <TextField
          multiline
          minRows={4}
          {...text('lots', {
            label: 'Lots',
            validate: lotsCheck,
            help: 'One per line: "number 44", "numbers 2-99", "seat Seat 1", "car Ferrari 296 GT3 / Ferrari" (model / manufacturer)',
          })}
        />
        <FormStatusMessage status={status} flush />
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
