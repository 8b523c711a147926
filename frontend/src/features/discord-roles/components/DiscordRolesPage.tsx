import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RoleSyncChange, RoleSyncMember, RoleSyncPlan, RoleSyncRemoval, RoleSyncRun, SyncedRoleKind } from '@paddock/contracts/discord-roles.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { showTime } from '../../../components/dateTime.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { discordRoleQueries, running, useApplyRoleSync } from '../api.js';

const KIND_LABELS: Record<SyncedRoleKind, string> = { team: 'Team', crew: 'Crew', licence: 'Licence' };

const ACTION_LABELS: Record<RoleSyncChange['action'] | RoleSyncRemoval['action'], string> = {
  create: 'Create the role',
  adopt: 'Take over the server’s role of this name',
  update: 'Rename or recolour the role',
  keep: 'Keep the role',
  delete: 'Delete the role (the league created it)',
  release: 'Stop managing the role (left as it is)',
};

function Members({ members, none }: { members: RoleSyncMember[]; none: string }) {
  if (!members.length) return <Typography color="text.secondary">{none}</Typography>;
  return <Typography>{members.map((member) => member.name).join(', ')}</Typography>;
}

function RunStatus({ run }: { run: RoleSyncRun }) {
  if (running(run)) {
    const percent = run.total ? Math.round((run.done / run.total) * 100) : 0;
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography>{run.state === 'waiting' ? 'Waiting for a worker to apply the plan…' : `Applying: ${run.done} of ${run.total} Discord changes made`}</Typography>
        <LinearProgress variant={run.total ? 'determinate' : 'indeterminate'} value={percent} aria-label="Role sync progress" />
      </Box>
    );
  }
  if (run.state === 'failed') return <Alert severity="error">The last role sync failed: {run.error}</Alert>;
  if (run.state === 'completed' && run.finishedAt) {
    return (
      <Typography color="text.secondary">
        Last applied {showTime(run.finishedAt).dateTime} ({run.done} Discord changes).
      </Typography>
    );
  }
  return null;
}

function PlanTable({ plan }: { plan: RoleSyncPlan }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Planned role changes">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Role
            </TableCell>
            <TableCell component="th" scope="col">
              What happens
            </TableCell>
            <TableCell component="th" scope="col">
              Members added
            </TableCell>
            <TableCell component="th" scope="col">
              Members removed
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.changes.map((change) => (
            <TableRow key={change.key}>
              <TableCell component="th" scope="row">
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {change.colour && <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: change.colour }} />}
                  <span>{change.name}</span>
                  <Chip size="small" variant="outlined" label={KIND_LABELS[change.kind]} />
                </Box>
              </TableCell>
              <TableCell>{ACTION_LABELS[change.action]}</TableCell>
              <TableCell>
                <Members members={change.add} none="None" />
              </TableCell>
              <TableCell>
                <Members members={change.remove} none="None" />
              </TableCell>
            </TableRow>
          ))}
          {plan.removals.map((removal) => (
            <TableRow key={removal.key}>
              <TableCell component="th" scope="row">
                {removal.name}
              </TableCell>
              <TableCell>{ACTION_LABELS[removal.action]}</TableCell>
              <TableCell>—</TableCell>
              <TableCell>{removal.action === 'delete' ? 'Everyone' : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Admin-DiscordRoles: the plan that makes the community server's roles follow the league's, reviewed before it is applied. */
export default function DiscordRolesPage() {
  const plan = useQuery(discordRoleQueries.plan());
  const run = useQuery(discordRoleQueries.run());
  const apply = useApplyRoleSync();
  const start = useMutation({ mutationFn: (version: string) => apply(version) });
  const isRunning = running(run.data);

  // A run that just finished changed the server: plan again.
  const wasRunning = useRef(false);
  const refetchPlan = plan.refetch;
  useEffect(() => {
    if (wasRunning.current && !isRunning) void refetchPlan();
    wasRunning.current = isRunning;
  }, [isRunning, refetchPlan]);

  return (
    <Container maxWidth="lg" sx={{ py: 3, display: 'grid', gap: 2 }}>
      <PageTitle>Discord roles</PageTitle>
      <Typography color="text.secondary">
        The community server’s roles follow the league: one role per team with its roster, one per crew role, and Rookie for drivers who have not passed an assessment yet.
        Members are matched by their Discord account. Review what would change, then apply it.
      </Typography>
      <Box role="status" aria-live="polite">
        {run.data && <RunStatus run={run.data} />}
      </Box>
      <QueryContent query={plan} loading="Reading the Discord server" failed="The plan could not be made">
        {(data) => (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {data.inSync ? (
              <EmptyState title="In sync">The server’s roles follow the league: there is nothing to apply. Checked {showTime(data.computedAt).dateTime}.</EmptyState>
            ) : (
              <>
                <Typography>
                  {data.changes.length} {data.changes.length === 1 ? 'role' : 'roles'} to create or change
                  {data.removals.length ? `, ${data.removals.length} no longer used` : ''}: {data.steps} Discord {data.steps === 1 ? 'call' : 'calls'}. Planned{' '}
                  {showTime(data.computedAt).dateTime}.
                </Typography>
                <PlanTable plan={data} />
              </>
            )}
            {data.notOnServer.length > 0 && (
              <Alert severity="info">Not on the Discord server, so given no role: {data.notOnServer.map((member) => member.name).join(', ')}.</Alert>
            )}
            {start.isError && <Alert severity="error">{failureMessage(start.error, 'The plan was not applied')}</Alert>}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {!data.inSync && (
                <Button variant="contained" disabled={isRunning || start.isPending} onClick={() => start.mutate(data.version)}>
                  Apply these changes
                </Button>
              )}
              <Button variant="outlined" disabled={plan.isFetching} onClick={() => void plan.refetch()}>
                Check again
              </Button>
            </Box>
          </Box>
        )}
      </QueryContent>
    </Container>
  );
}
