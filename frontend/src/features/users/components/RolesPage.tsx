import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { Role } from '@paddock/contracts/roles.js';
import { sessionAtom } from '../../auth/index.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { ALL_ROWS_PAGE_SIZE } from '../../../components/paging.js';
import { userCommands, userKeys, userQueries, type RoleInfo, type UserListItem } from '../api.js';

const EVERYONE = { pageNumber: 0, pageSize: ALL_ROWS_PAGE_SIZE };
const BY_NAME = { sort: [{ field: 'username' as const }] };

const nameOf = (user: Pick<UserListItem, 'username' | 'globalName'>) =>
  user.globalName && user.globalName !== user.username ? `${user.globalName} (${user.username})` : user.username;

type Change = { kind: 'grant' | 'revoke'; userId: number; role: Role; name: string };

/** A role, what it is for, and who holds it; each holder can be revoked. */
function RoleHolders({ info, ownUserId, onRevoke, busy }: { info: RoleInfo; ownUserId: number | null; onRevoke: (user: UserListItem) => void; busy: boolean }) {
  const holders = useQuery(userQueries.page(EVERYONE, { ...BY_NAME, role: info.role }));
  const headingId = `role-${info.role}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {info.role}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {info.description}
      </Typography>
      {holders.isPending ? (
        <Typography variant="body2">Loading who holds it…</Typography>
      ) : holders.isError ? (
        <Alert severity="error">Its holders could not be loaded.</Alert>
      ) : holders.data.content.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nobody holds this role.
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.5} aria-label={`Holders of ${info.role}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {holders.data.content.map((user) => {
            const own = user.id === ownUserId && info.role === 'ADMIN';
            return (
              <Box component="li" key={user.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {nameOf(user)}
                  {own ? ' (you)' : ''}
                </Typography>
                {own ? (
                  <Typography variant="caption" color="text.secondary">
                    Another admin can revoke this
                  </Typography>
                ) : (
                  <Button size="small" color="error" disabled={busy} onClick={() => onRevoke(user)} aria-label={`Revoke ${info.role} from ${nameOf(user)}`}>
                    Revoke
                  </Button>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

/** Admin-Roles: who holds each role, granting a role to anyone who has signed in, and revoking it. */
export default function RolesPage() {
  const session = useAtomValue(sessionAtom);
  const queryClient = useQueryClient();
  const roles = useQuery(userQueries.roles());
  const everyone = useQuery(userQueries.page(EVERYONE, BY_NAME));
  const [user, setUser] = useState<UserListItem | null>(null);
  const [role, setRole] = useState<Role | ''>('');
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const ownUserId = session.user?.id ?? null;

  const change = useMutation({
    mutationFn: ({ kind, userId, role: changed }: Change) => (kind === 'grant' ? userCommands.grantRole(userId, changed) : userCommands.revokeRole(userId, changed)),
    onSuccess: (_answer, { kind, role: changed, name }) => {
      setOutcome({ severity: 'success', text: kind === 'grant' ? `${name} now holds ${changed}.` : `${name} no longer holds ${changed}.` });
      if (kind === 'grant') setUser(null);
      void queryClient.invalidateQueries({ queryKey: userKeys.pages });
    },
    onError: (error, { kind, role: changed, name }) =>
      setOutcome({ severity: 'error', text: failureMessage(error, kind === 'grant' ? `Could not grant ${changed} to ${name}` : `Could not revoke ${changed} from ${name}`) }),
  });

  if (roles.isPending) return <CenteredLoader label="Loading roles" />;
  const alreadyHeld = Boolean(user && role && user.roles.includes(role));

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Roles</PageTitle>
      {roles.isError ? (
        <Alert severity="error">The roles could not be loaded. Try again in a moment.</Alert>
      ) : (
        <>
          <Paper
            component="form"
            variant="outlined"
            aria-label="Grant a role"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (user && role) change.mutate({ kind: 'grant', userId: user.id, role, name: nameOf(user) });
            }}
            sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
          >
            <Autocomplete
              options={everyone.data?.content ?? []}
              loading={everyone.isPending}
              value={user}
              onChange={(_event, next) => setUser(next)}
              getOptionLabel={nameOf}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              sx={{ minWidth: 260, flex: '1 1 260px' }}
              renderInput={(params) => <TextField {...params} size="small" label="User" />}
            />
            <TextField
              select
              size="small"
              label="Role"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
              error={alreadyHeld}
              helperText={alreadyHeld ? 'They hold it already' : ' '}
              sx={{ minWidth: 200 }}
            >
              {roles.data.map((info) => (
                <MenuItem key={info.role} value={info.role}>
                  {info.role}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" disabled={!user || !role || alreadyHeld || change.isPending}>
              Grant
            </Button>
          </Paper>
          <Box role="status" aria-live="polite" sx={{ mb: outcome ? 2 : 0 }}>
            {outcome && (
              <Alert severity={outcome.severity} onClose={() => setOutcome(null)}>
                {outcome.text}
              </Alert>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
            {roles.data.map((info) => (
              <RoleHolders
                key={info.role}
                info={info}
                ownUserId={ownUserId}
                busy={change.isPending}
                onRevoke={(holder) => change.mutate({ kind: 'revoke', userId: holder.id, role: info.role, name: nameOf(holder) })}
              />
            ))}
          </Box>
        </>
      )}
    </Container>
  );
}
