import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { showTime } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { usePaging } from '../../../components/usePaging.js';
import { stewardingQueries } from '../api.js';
import { raceText } from '../labels.js';
import { outcomeText } from '../outcomes.js';
import type { SafetyCarDecisionDto } from '../types.js';

/** Paddock-Safety-Car (public): the stewards' decisions of the current seasons — race, drivers, outcome and reason — newest first. */
export default function SafetyCarPage() {
  const { paging, request, setPaging } = usePaging();
  const decisions = useQuery(stewardingQueries.safetyCar(request));
  const list = decisions.data?.content ?? [];
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>Safety car</PageTitle>
      <Typography variant="body1" sx={{ mb: 2 }}>
        The stewards' decisions on incidents in the current seasons.
      </Typography>
      <Box sx={{ minHeight: 4, mb: 1 }}>{decisions.isFetching && <LinearProgress aria-label="Loading decisions" />}</Box>
      {decisions.isError && !decisions.data ? (
        <LoadFailed title="The decisions could not be loaded" onRetry={() => void decisions.refetch()} />
      ) : decisions.isPending ? null : list.length === 0 ? (
        <EmptyState title="No decisions yet">Decisions on incidents of the current seasons appear here once the stewards publish them.</EmptyState>
      ) : (
        <Stack spacing={2} component="ul" aria-label="Decisions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((decision) => (
            <DecisionCard key={`${decision.ticketId}-${decision.decidedAt}`} decision={decision} />
          ))}
        </Stack>
      )}
      <ListPagination label="Decision pages" paging={paging} totalElements={decisions.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}

function DecisionCard({ decision }: { decision: SafetyCarDecisionDto }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={`Decision on ticket #${decision.ticketId}`}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="overline" component="p" color="text.secondary">
          Ticket #{decision.ticketId} · <time dateTime={decision.decidedAt}>{showTime(decision.decidedAt).dateTime}</time>
        </Typography>
        {decision.appealed && <Chip size="small" color="secondary" label={decision.final ? 'Decided on appeal' : 'Under appeal'} />}
        <Chip size="small" label={decision.final ? 'Final' : 'Provisional'} variant={decision.final ? 'filled' : 'outlined'} />
      </Box>
      <Typography variant="h6" component="h2">
        <Link
          component={RouterLink}
          to={`${pathTo('Competitions-Current-details', { competition: decision.competition.id, season: decision.season.id })}#${decision.event.id}`}
          underline="hover"
        >
          {raceText(decision)}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {decision.season.name} · Drivers: {decision.drivers.map((driver) => driver.driverName).join(', ')}
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }} aria-label="Outcomes">
        {decision.outcomes.length === 0 ? <li>No further action</li> : decision.outcomes.map((outcome, index) => <li key={index}>{outcomeText(outcome)}</li>)}
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {decision.reason}
      </Typography>
    </Paper>
  );
}
