import { useState } from 'react';
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
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router-dom';
import { TableHeader } from '../../../components/TableHeader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { NewItemLink, TitleBar } from '../../../components/TitleBar.js';
import { showTime } from '../../../components/dateTime.js';
import { usePaging } from '../../../components/usePaging.js';
import { useQuery } from '@tanstack/react-query';
import { eventQueries, type EventKind } from '../api.js';
import { nextRaceLabel } from '../nextRaceLabel.js';
import { organizerEventPath } from './organizerPaths.js';

const TITLES: Record<EventKind, string> = { individual: 'Quick events', assessment: 'Assessments' };

/** Organizers' list of individual or assessment events, drafts included, latest first. */
export function OrganizerEventsPage({ kind }: { kind: EventKind }) {
  const [name, setName] = useState('');
  const { paging, request, setPaging, firstPage } = usePaging();
  const search = name.trim() ? { name: name.trim() } : {};
  const events = useQuery(eventQueries.search(kind, request, { ...search, sort: [{ field: 'date', direction: 'DESC' }] }));
  const list = events.data?.content ?? [];

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title={TITLES[kind]}>
        <NewItemLink to={organizerEventPath(kind, 'new')}>{kind === 'assessment' ? 'New assessment' : 'New event'}</NewItemLink>
      </TitleBar>
      <TextField
        size="small"
        label="Search by name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          firstPage();
        }}
        sx={{ mb: 2, minWidth: { sm: 320 } }}
      />
      <Box sx={{ minHeight: 4 }}>{events.isFetching && <LinearProgress aria-label="Loading events" />}</Box>
      {!events.isFetching && list.length === 0 ? (
        <EmptyState title={name ? 'No event matches' : 'No events yet'}>Create the first one with the button above.</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={TITLES[kind]}>
            <TableHeader columns={['Name', 'Start', { label: 'Game', from: 'md' }, { label: 'Track', from: 'sm' }, { label: 'Seats', align: 'right' }, 'Status']} />
            <TableBody>
              {list.map((event) => (
                <TableRow key={event.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={organizerEventPath(kind, event.id)}>
                      {event.name}
                    </Link>
                  </TableCell>
                  <TableCell>{showTime(event.date).dateTime}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{event.game.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{nextRaceLabel(event)}</TableCell>
                  <TableCell align="right">
                    {event.attendanceCount}/{event.seats}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={event.published ? 'Published' : 'Draft'} color={event.published ? 'success' : 'default'} />
                    {event.live && <Chip size="small" label="Live" color="error" sx={{ ml: 0.5 }} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination label="Event pages" paging={paging} totalElements={events.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}
