import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useAtomValue } from 'jotai';
import type { Role } from '@paddock/contracts/roles.js';
import { sessionAtom } from '../../auth/index.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { ALL_ROWS_PAGE_SIZE } from '../../../components/paging.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { useGrantRole, useRevokeRole, userQueries, type RoleInfo, type UserListItem } from '../api.js';

const EVERYONE = { pageNumber: 0, pageSize: ALL_ROWS_PAGE_SIZE };
const BY_NAME = { sort: [{ field: 'username' as const }] };

const nameOf = (user: Pick<UserListItem, 'username' | 'globalName'>) =>
  user.globalName && user.globalName !== user.username ? `${user.globalName} (${user.username})` : user.username;

type Revocation = { userId: number; role: Role; name: string };

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

type GrantValues = { user: UserListItem | null; role: Role | '' };

/** The grant form: a user and a role, each required; a role the user holds already is refused before it is sent. */
function GrantRole({ roles, everyone, onGranted }: { roles: RoleInfo[]; everyone: UserListItem[] | undefined; onGranted: () => void }) {
  const grantRole = useGrantRole();
  const grant = useApiForm<GrantValues, { name: string; role: Role }>({
    defaultValues: { user: null, role: '' },
    submit: async ({ user, role }, key) => {
      await grantRole(user!.id, role as Role, key);
      return { name: nameOf(user!), role: role as Role };
    },
    onSaved: ({ role }) => {
      grant.form.reset({ user: null, role });
      onGranted();
    },
    notSaved: 'The role was not granted',
    saved: ({ name, role }) => `${name} now holds ${role}.`,
  });
  const { onSubmit, busy, status, controlled, feedback } = grant;
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label="Grant a role"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <Controller
        {...controlled('user', { label: 'User', required: true })}
        render={({ field }) => (
          <Autocomplete
            options={everyone ?? []}
            loading={!everyone}
            value={field.value}
            onChange={(_event, next) => field.onChange(next)}
            onBlur={field.onBlur}
            getOptionLabel={nameOf}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            sx={{ minWidth: 260, flex: '1 1 260px' }}
            renderInput={(params) => <TextField {...params} inputRef={field.ref} size="small" label="User" required {...feedback('user', ' ')} />}
          />
        )}
      />
      <SelectField
        form={grant}
        name="role"
        label="Role"
        required
        help=" "
        deps={['user']}
        validate={(role, { user }) => !role || !user?.roles.includes(role as Role) || 'They hold it already'}
        options={roles.map((info) => ({ value: info.role, label: info.role }))}
        size="small"
        sx={{ minWidth: 200 }}
      />
      <Button type="submit" variant="contained" disabled={busy}>
        Grant
      </Button>
      <Box sx={{ flexBasis: '100%' }}>
        <FormStatusMessage status={status} flush />
      </Box>
    </Paper>
  );
}

/** Admin-Roles: who holds each role, granting a role to anyone who has signed in, and revoking it. */
export default function RolesPage() {
  const session = useAtomValue(sessionAtom);
  const revokeRole = useRevokeRole();
  const roles = useQuery(userQueries.roles());
  const everyone = useQuery(userQueries.page(EVERYONE, BY_NAME));
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const ownUserId = session.user?.id ?? null;

  const revoke = useMutation({
    mutationFn: ({ userId, role }: Revocation) => revokeRole(userId, role),
    onSuccess: (_answer, { role, name }) => setOutcome({ severity: 'success', text: `${name} no longer holds ${role}.` }),
    onError: (error, { role, name }) => setOutcome({ severity: 'error', text: failureMessage(error, `Could not revoke ${role} from ${name}`) }),
  });

  if (roles.isPending) return <CenteredLoader label="Loading roles" />;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Roles</PageTitle>
      {roles.isError ? (
        <Alert severity="error">The roles could not be loaded. Try again in a moment.</Alert>
      ) : (
        <>
          <GrantRole roles={roles.data} everyone={everyone.data?.content} onGranted={() => setOutcome(null)} />
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
                busy={revoke.isPending}
                onRevoke={(holder) => revoke.mutate({ userId: holder.id, role: info.role, name: nameOf(holder) })}
              />
            ))}
          </Box>
        </>
      )}
    </Container>
  );
}
