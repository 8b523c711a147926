import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_KINDS, AUDIT_KIND_LABELS, type AuditKind, type AuditLogEntryDto } from '@paddock/contracts/audit.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { showTime } from '../../../components/dateTime.js';
import { usePaging } from '../../../components/usePaging.js';
import { userQueries } from '../../users/index.js';
import { auditQueries, type AuditFilter } from '../api.js';
import { readable } from '../readable.js';

const DATE_FILTERS = [
  ['from', 'From'],
  ['to', 'To'],
] as const;

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(readable(value), null, 1));

function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <Box component="pre" aria-label={label} sx={{ m: 0, maxWidth: 360, maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>
      {json(value)}
    </Box>
  );
}

function EntryRow({ entry }: { entry: AuditLogEntryDto }) {
  return (
    <TableRow hover sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.at}>{showTime(entry.at).dateTime}</time>
      </TableCell>
      <TableCell>{entry.actor?.name ?? 'The system'}</TableCell>
      <TableCell>
        {AUDIT_KIND_LABELS[entry.kind]}: {entry.label}
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {entry.action} · #{entry.entityId}
        </Box>
      </TableCell>
      <TableCell>
        <Snapshot label={`Before, entry ${entry.id}`} value={entry.before} />
      </TableCell>
      <TableCell>
        <Snapshot label={`After, entry ${entry.id}`} value={entry.after} />
      </TableCell>
    </TableRow>
  );
}

/** Admin-Audit: every staff change (who, when, what, before and after), newest first, filtered by who, kind and dates; read only. */
export default function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const { paging, request, setPaging, firstPage } = usePaging();
  const entries = useQuery(auditQueries.page(request, filter));
  const users = useQuery(userQueries.page({ pageNumber: 0, pageSize: 1000 }, { sort: [{ field: 'username', direction: 'asc' }] }));
  const list = entries.data?.content ?? [];
  const change = (next: Partial<AuditFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    firstPage();
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Audit log</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Who"
          value={filter.actor ?? ''}
          onChange={(event) => change({ actor: event.target.value === '' ? undefined : Number(event.target.value) })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Anyone</MenuItem>
          {(users.data?.content ?? []).map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.globalName ?? user.username}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="What"
          value={filter.kind ?? ''}
          onChange={(event) => change({ kind: event.target.value === '' ? undefined : (event.target.value as AuditKind) })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Every kind</MenuItem>
          {AUDIT_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </MenuItem>
          ))}
        </TextField>
        {DATE_FILTERS.map(([field, label]) => (
          <TextField
            key={field}
            size="small"
            type="date"
            label={label}
            value={filter[field] ?? ''}
            onChange={(event) => change({ [field]: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
      </Stack>
      <Box sx={{ minHeight: 4, mb: 1 }}>{entries.isFetching && <LinearProgress aria-label="Loading the audit log" />}</Box>
      {entries.isError ? (
        <Alert severity="error">The audit log could not be loaded. Check the dates (To must be after From) and try again.</Alert>
      ) : entries.isPending ? null : list.length === 0 ? (
        <EmptyState title="No changes match these filters" />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Audit log">
            <TableHeader columns={['When', 'Who', 'What', 'Before', 'After']} />
            <TableBody>
              {list.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination label="Audit log pages" paging={paging} totalElements={entries.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}
