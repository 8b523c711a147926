import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { showTime, viewerTimeZone } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { usePaging } from '../../../components/usePaging.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { NO_QUEUE_FILTERS, stewardingKeys, stewardingQueries, type QueueFilters as Filters } from '../api.js';
import { STATE_COLOURS, STATE_LABELS, raceText } from '../labels.js';
import { timeLeft } from '../timeLeft.js';
import type { TicketListItemDto } from '../types.js';
import LiveIncidents from '../incidents/LiveIncidents.js';
import { useNow } from '../useNow.js';
import { QueueFilters, type SeasonChoice } from './QueueFilters.js';

/**
 * Steward-Tickets: every ticket, newest first, live (a filed ticket appears in every open queue), with filters and the time left to decide;
 * with a race chosen, the incidents its live timing reported above its tickets.
 */
export default function TicketQueuePage() {
  const [filters, setFilters] = useState<Filters & { competitionId: number | null }>({ ...NO_QUEUE_FILTERS, competitionId: null });
  const { paging, request, setPaging, firstPage } = usePaging();
  const { competitionId: _competition, ...queueFilters } = filters;
  const tickets = useQuery(stewardingQueries.queue(queueFilters, request));
  // The first answer is drawn as a deferred update (React splits it into short slices), not in the answer's urgent one: no long task.
  const drawn = useDeferredValue(tickets.data !== undefined);
  useRoom('flag:isSteward', stewardingKeys.queue);
  const now = useNow();
  const list = tickets.data?.content ?? [];
  const seen: SeasonChoice[] = list.map((ticket) => ({
    competitionId: ticket.competition.id,
    seasonId: ticket.season.id,
    label: `${ticket.competition.name} · ${ticket.season.name}`,
  }));
  const filtered = filters.state !== null || filters.seasonId !== null || filters.raceId !== null;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Tickets</PageTitle>
      <QueueFilters
        value={filters}
        seen={seen}
        onChange={(next) => {
          setFilters(next);
          firstPage();
        }}
      />
      {filters.raceId !== null && <LiveIncidents raceId={filters.raceId} raceLabel={list[0] ? raceText(list[0]) : `Race ${filters.raceId}`} />}
      <Box sx={{ minHeight: 4, mb: 1 }}>{tickets.isFetching && <LinearProgress aria-label="Loading tickets" />}</Box>
      {tickets.isError && !tickets.data ? (
        <LoadFailed title="The tickets could not be loaded" onRetry={() => void tickets.refetch()} />
      ) : tickets.isPending || !drawn ? null : list.length === 0 ? (
        <EmptyState title={filtered ? 'No tickets match these filters' : 'No tickets yet'}>
          {filtered ? 'Try another state, season or race.' : 'Filed tickets appear here as they arrive.'}
        </EmptyState>
      ) : (
        <QueueTable tickets={list} now={now} />
      )}
      <ListPagination label="Ticket pages" paging={paging} totalElements={tickets.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}

function QueueTable({ tickets, now }: { tickets: TicketListItemDto[]; now: number }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Ticket queue, scrolls sideways" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Ticket queue">
        <TableHeader columns={['Ticket', 'Race', 'Drivers', 'State', `Decision due (${viewerTimeZone()})`, 'Handled by', 'Filed']} />
        <TableBody>
          {tickets.map((ticket) => {
            const left = timeLeft(ticket.decisionDueAt, now);
            return (
              <TableRow key={ticket.id} hover>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={pathTo('Steward-Ticket', { ticket: ticket.id })}>
                    #{ticket.id}
                  </Link>
                </TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  {raceText(ticket)}
                  {(ticket.lap !== null || ticket.corner) && (
                    <Typography variant="body2" color="text.secondary">
                      {[ticket.lap !== null ? `Lap ${ticket.lap}` : '', ticket.corner ?? ''].filter(Boolean).join(' · ')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  {ticket.filer.driverName}
                  <Typography variant="body2" color="text.secondary">
                    vs {ticket.accused.map((party) => party.driverName).join(', ')}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip size="small" label={STATE_LABELS[ticket.state]} color={STATE_COLOURS[ticket.state]} />
                  {ticket.votesCast !== null && (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {ticket.votesCast} vote{ticket.votesCast === 1 ? '' : 's'}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {left ? (
                    <>
                      <Typography variant="body2" color={left.overdue ? 'error' : undefined} sx={{ fontWeight: left.urgent ? 600 : undefined }}>
                        {left.text}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <time dateTime={ticket.decisionDueAt ?? undefined}>{left.due}</time>
                      </Typography>
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  {ticket.handledBy?.length ? (
                    ticket.handledBy.map((person) => person.name).join(', ')
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      Nobody yet
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={ticket.filedAt}>{showTime(ticket.filedAt).short}</time>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
