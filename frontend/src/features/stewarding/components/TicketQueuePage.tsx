import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pathTo } from '../../../app/routes/routeTable.js';
import { showTime, viewerTimeZone } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { Chip, Container, LinearProgress, Table, TableHead, Text, TextLink, classes } from '../../../components/ui/index.js';
import { usePaging } from '../../../components/usePaging.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { NO_QUEUE_FILTERS, stewardingKeys, stewardingQueries, type QueueFilters as Filters } from '../api.js';
import { STATE_COLOURS, STATE_LABELS, raceText } from '../labels.js';
import { timeLeft } from '../timeLeft.js';
import type { TicketListItemDto } from '../types.js';
import LiveIncidents from '../incidents/LiveIncidents.js';
import { useNow } from '../useNow.js';
import { QueueFilters, type SeasonChoice } from './QueueFilters.js';
import './steward.css';

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
    <Container maxWidth="lg" page>
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
      <div className="pd-steward-progress">{tickets.isFetching && <LinearProgress label="Loading tickets" />}</div>
      {tickets.isError && !tickets.data ? (
        <LoadFailed title="The tickets could not be loaded" onRetry={() => void tickets.refetch()} />
      ) : tickets.isPending || !drawn ? null : list.length === 0 ? (
        <EmptyState title={filtered ? 'No tickets match these filters' : 'No tickets yet'}>
          {filtered ? 'Try another state, season or race.' : 'Filed tickets appear here as they arrive.'}
        </EmptyState>
      ) : (
        <QueueTable tickets={list} now={now} />
      )}
      {/* With the list, not before: drawn ahead of it, it jumped down when the list came in above it (a layout shift). */}
      {drawn && <ListPagination label="Ticket pages" paging={paging} totalElements={tickets.data?.totalElements} onChange={setPaging} />}
    </Container>
  );
}

function QueueTable({ tickets, now }: { tickets: TicketListItemDto[]; now: number }) {
  return (
    <Table size="small" aria-label="Ticket queue" regionLabel="Ticket queue, scrolls sideways">
      <TableHead columns={['Ticket', 'Race', 'Drivers', 'State', `Decision due (${viewerTimeZone()})`, 'Handled by', 'Filed']} />
      <tbody>
        {tickets.map((ticket) => {
          const left = timeLeft(ticket.decisionDueAt, now);
          return (
            <tr key={ticket.id}>
              <th scope="row">
                <TextLink to={pathTo('Steward-Ticket', { ticket: ticket.id })}>#{ticket.id}</TextLink>
              </th>
              <td className="pd-steward-wide">
                {raceText(ticket)}
                {(ticket.lap !== null || ticket.corner) && (
                  <Text variant="body2" tone="secondary">
                    {[ticket.lap !== null ? `Lap ${ticket.lap}` : '', ticket.corner ?? ''].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </td>
              <td className="pd-steward-wide">
                {ticket.filer.driverName}
                <Text variant="body2" tone="secondary">
                  vs {ticket.accused.map((party) => party.driverName).join(', ')}
                </Text>
              </td>
              <td>
                <Chip size="small" label={STATE_LABELS[ticket.state]} color={STATE_COLOURS[ticket.state]} />
                {ticket.votesCast !== null && (
                  <Text variant="body2" tone="secondary" className="pd-steward-nowrap">
                    {ticket.votesCast} vote{ticket.votesCast === 1 ? '' : 's'}
                  </Text>
                )}
              </td>
              <td className="pd-steward-nowrap">
                {left ? (
                  <>
                    <Text variant="body2" tone={left.overdue ? 'error' : undefined} className={classes(left.urgent && 'pd-steward-urgent') || undefined}>
                      {left.text}
                    </Text>
                    <Text variant="body2" tone="secondary">
                      <time dateTime={ticket.decisionDueAt ?? undefined}>{left.due}</time>
                    </Text>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                {ticket.handledBy?.length ? (
                  ticket.handledBy.map((person) => person.name).join(', ')
                ) : (
                  <Text variant="body2" tone="secondary">
                    Nobody yet
                  </Text>
                )}
              </td>
              <td className="pd-steward-nowrap">
                <time dateTime={ticket.filedAt}>{showTime(ticket.filedAt).short}</time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
