import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { ROLES, type Role } from '@paddock/contracts/roles.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { TitleBar } from '../../../components/TitleBar.js';
import { showTime } from '../../../components/dateTime.js';
import { usePaging } from '../../../components/usePaging.js';
import { USERS_EXPORT_URL, userQueries, type UserListItem, type UserSortField } from '../api.js';

type Direction = 'asc' | 'desc';

const COLUMNS: { field: UserSortField; label: string; narrow?: boolean }[] = [
  { field: 'id', label: 'Id' },
  { field: 'username', label: 'Username' },
  { field: 'globalName', label: 'Display name', narrow: true },
  { field: 'createdAt', label: 'Joined', narrow: true },
  { field: 'lastSeenAt', label: 'Last seen' },
];

const when = (value: string | null) => (value ? showTime(value).dateTime : '—');

function UserRow({ user }: { user: UserListItem }) {
  return (
    <TableRow hover>
      <TableCell>{user.id}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.username}</TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{user.globalName ?? '—'}</TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{when(user.createdAt)}</TableCell>
      <TableCell>{when(user.lastSeenAt)}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.driverName ?? '—'}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {user.roles.map((role) => (
            <Chip key={role} size="small" label={role} />
          ))}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** Admin-Users: everyone who has signed in, paged and sortable, one role's holders on request, exported as CSV. */
export default function UsersPage() {
  const [sort, setSort] = useState<{ field: UserSortField; direction: Direction }>({ field: 'id', direction: 'asc' });
  const [role, setRole] = useState<Role | ''>('');
  const { paging, request, setPaging, firstPage } = usePaging();
  const users = useQuery(userQueries.page(request, { sort: [{ field: sort.field, direction: sort.direction }], ...(role ? { role } : {}) }));
  const list = users.data?.content ?? [];

  const sortBy = (field: UserSortField) => {
    setSort((current) => ({ field, direction: current.field === field && current.direction === 'asc' ? 'desc' : 'asc' }));
    firstPage();
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Users">
        <Button variant="outlined" href={USERS_EXPORT_URL} download>
          Export CSV
        </Button>
      </TitleBar>
      <TextField
        select
        size="small"
        label="Role"
        value={role}
        onChange={(event) => {
          setRole(event.target.value as Role | '');
          firstPage();
        }}
        sx={{ minWidth: 220, mb: 1 }}
      >
        <MenuItem value="">Everyone</MenuItem>
        {ROLES.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ minHeight: 4, mb: 1 }}>{users.isFetching && <LinearProgress aria-label="Loading users" />}</Box>
      {users.isError ? (
        <Alert severity="error">The users could not be loaded. Try again in a moment.</Alert>
      ) : users.isPending ? null : list.length === 0 ? (
        <EmptyState title={role ? `Nobody holds ${role}` : 'Nobody has signed in yet'} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell
                    key={column.field}
                    sortDirection={sort.field === column.field ? sort.direction : false}
                    sx={column.narrow ? { display: { xs: 'none', md: 'table-cell' } } : undefined}
                  >
                    <TableSortLabel active={sort.field === column.field} direction={sort.field === column.field ? sort.direction : 'asc'} onClick={() => sortBy(column.field)}>
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                ))}
                <TableCell>Driver</TableCell>
                <TableCell>Roles</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination label="Users pages" paging={paging} totalElements={users.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}
