import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { usePaging } from '../../../components/usePaging.js';
import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from '../../catalogue/index.js';
import { eventQueries, type EventListFilters } from '../api.js';
import { EventGrid } from './EventGrid.js';

type When = 'upcoming' | 'past';

// The filters' select fields (MUI Select, Menu, Popover, Modal) and the list footer (TablePagination) are
// a third of this page's JavaScript and no part of its first paint: they load right after it, in the
// space kept for them (two small fields: 40 px high, stacked on phones).
const EventFilters = lazy(() => import('./EventFilters.js').then((module) => ({ default: module.EventFilters })));
const ListPagination = lazy(() => import('../../../components/ListPagination.js').then((module) => ({ default: module.ListPagination })));

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

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>All events</PageTitle>
      <Tabs
        value={when}
        onChange={(_event, next: When) => {
          setWhen(next);
          firstPage();
        }}
        aria-label="Which events"
        sx={{ mb: 2 }}
      >
        <Tab value="upcoming" label="Upcoming" />
        <Tab value="past" label="Past" />
      </Tabs>
      <Suspense fallback={<Box aria-hidden sx={{ mb: 2, height: { xs: 96, sm: 40 } }} />}>
        <EventFilters games={games.data ?? []} value={filters} onChange={changeFilters} />
      </Suspense>
      <Box sx={{ minHeight: 4, mb: 1 }}>{events.isFetching && <LinearProgress aria-label="Loading events" />}</Box>
      {!events.isFetching && list.length === 0 ? (
        <EmptyState title={when === 'upcoming' ? 'No upcoming events' : 'No past events'}>
          {filters.gameId !== null || filters.platform !== 'ALL' ? 'Try another game or platform.' : 'New races are announced on our Discord.'}
        </EmptyState>
      ) : (
        <EventGrid events={list} label={when === 'upcoming' ? 'Upcoming events' : 'Past events'} />
      )}
      <Suspense fallback={null}>
        <ListPagination label="Event pages" paging={paging} totalElements={events.data?.totalElements} onChange={setPaging} />
      </Suspense>
    </Container>
  );
}
