import { useState } from 'react';
import { CalendarSubscribe } from '../../../components/CalendarSubscribe.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { Container, LinearProgress, Tabs } from '../../../components/ui/index.js';
import { usePaging } from '../../../components/usePaging.js';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api/client.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { eventQueries, type EventListFilters } from '../api.js';
import { EventFilters } from './EventFilters.js';
import { EventGrid } from './EventGrid.js';
import './eventList.css';

type When = 'upcoming' | 'past';

const WHEN_TABS = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
] as const;

/** Event-List (SPEC §2): upcoming and past events, filtered by game and platform, paged. */
export default function EventListPage() {
  const [when, setWhen] = useState<When>('upcoming');
  const [filters, setFilters] = useState<EventListFilters>({ gameId: null, platform: 'ALL' });
  const { paging, request, setPaging, firstPage } = usePaging();
  const games = useQuery(catalogueQueries.games());
  const events = useQuery(when === 'upcoming' ? eventQueries.planned(request, filters) : eventQueries.past(request, filters));

  const changeFilters = (next: EventListFilters) => {
    setFilters(next);
    firstPage();
  };
  const list = events.data?.content ?? [];
  const totalElements = events.data?.totalElements;

  return (
    <Container maxWidth="lg" page>
      <PageTitle>All events</PageTitle>
      <CalendarSubscribe path={apiUrl('GET /calendar/league.ics')} what="all league races" />
      <Tabs
        label="Which events"
        value={when}
        tabs={WHEN_TABS}
        onChange={(next) => {
          setWhen(next);
          firstPage();
        }}
        className="pd-event-list-tabs"
      />
      <EventFilters games={games.data ?? []} value={filters} onChange={changeFilters} />
      <div className="pd-event-list-progress">{events.isFetching && <LinearProgress label="Loading events" />}</div>
      {!events.isFetching && list.length === 0 ? (
        <EmptyState title={when === 'upcoming' ? 'No upcoming events' : 'No past events'}>
          {filters.gameId !== null || filters.platform !== 'ALL' ? 'Try another game or platform.' : 'New races are announced on our Discord.'}
        </EmptyState>
      ) : (
        <EventGrid events={list} label={when === 'upcoming' ? 'Upcoming events' : 'Past events'} />
      )}
      <ListPagination label="Event pages" paging={paging} totalElements={totalElements} onChange={setPaging} />
    </Container>
  );
}
