import { useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { usePaging } from '../../../components/usePaging.js';
import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from '../../catalogue/index.js';
import { eventQueries, type EventListFilters } from '../api.js';
import { EventFilters } from './EventFilters.js';
import { EventGrid } from './EventGrid.js';

type When = 'upcoming' | 'past';

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
      <EventFilters games={games.data ?? []} value={filters} onChange={changeFilters} />
      <Box sx={{ minHeight: 4, mb: 1 }}>{events.isFetching && <LinearProgress aria-label="Loading events" />}</Box>
      {!events.isFetching && list.length === 0 ? (
        <EmptyState title={when === 'upcoming' ? 'No upcoming events' : 'No past events'}>
          {filters.gameId !== null || filters.platform !== 'ALL' ? 'Try another game or platform.' : 'New races are announced on our Discord.'}
        </EmptyState>
      ) : (
        <EventGrid events={list} label={when === 'upcoming' ? 'Upcoming events' : 'Past events'} />
      )}
      <ListPagination label="Event pages" paging={paging} totalElements={events.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}
