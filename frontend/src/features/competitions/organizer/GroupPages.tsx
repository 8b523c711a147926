import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { competitionCommands, competitionQueries } from '../api.js';
import { applyOwnGroup } from '../cache.js';
import { FormFailure } from '../../../components/form/FormFailure.js';
import { InlineFailure, isNotFound, LoadFailureState, NotFoundState } from '../components/LoadStates.js';
import type { CompetitionGroupDto } from '../types.js';
import { emptyGroupForm, GROUP_CHECKS, groupFieldOf, groupFormFrom, groupRequestFrom, type GroupFormValues } from './competitionForms.js';
import { organizerPaths } from './organizerPaths.js';
import { useImageFormSave } from './useImageFormSave.js';

/** Organize-CompetitionGroups: every group by position, with a way to add one. */
export function GroupsPage() {
  const groups = useQuery(competitionQueries.groups());
  const list = [...(groups.data ?? [])].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <PageTitle>Competition groups</PageTitle>
        <Button component={RouterLink} to={organizerPaths.group('new')} variant="contained">
          New group
        </Button>
      </Box>
      <Box sx={{ minHeight: 4 }}>{groups.isFetching && <LinearProgress aria-label="Loading groups" />}</Box>
      {groups.error ? (
        <InlineFailure what="groups" error={groups.error} onRetry={() => void groups.refetch()} />
      ) : !groups.isPending && list.length === 0 ? (
        <EmptyState title="No groups yet">Groups gather competitions on the Series page: create the first with the button above.</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Competition groups">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right">Position</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((group) => (
                <TableRow key={group.id} hover>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <ImageIcon src={group.icon} size={24} />
                      <Link component={RouterLink} to={organizerPaths.group(group.id)}>
                        {group.name}
                      </Link>
                    </Box>
                  </TableCell>
                  <TableCell align="right">{group.position}</TableCell>
                  <TableCell>{group.live ? <Chip size="small" color="success" label="Running now" /> : <Chip size="small" label="No current competition" />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Container>
  );
}

function GroupForm({ group, onSaved }: { group: CompetitionGroupDto | null; onSaved: (group: CompetitionGroupDto) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<GroupFormValues>({
    defaultValues: group ? groupFormFrom(group) : emptyGroupForm(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = formState;
  const { save, icon, setIcon, banner, setBanner, imageErrors, failure } = useImageFormSave({
    handleSubmit,
    setError,
    send: (values: GroupFormValues, icon, banner) => competitionCommands.saveGroup(groupRequestFrom(values), icon, banner),
    onSaved,
    fieldOf: groupFieldOf,
    notSaved: 'The group was not saved',
  });

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={group ? 'Edit group' : 'New group'} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <TextField label="Name" required {...register('name', { validate: GROUP_CHECKS.name })} error={Boolean(errors.name)} helperText={errors.name?.message} />
      <TextField
        label="Position"
        inputMode="numeric"
        {...register('position', { validate: GROUP_CHECKS.position })}
        error={Boolean(errors.position)}
        helperText={errors.position?.message ?? 'Groups are listed by position, smallest first'}
      />
      <TextField
        label="Description"
        multiline
        minRows={2}
        {...register('description', { validate: GROUP_CHECKS.description })}
        error={Boolean(errors.description)}
        helperText={errors.description?.message ?? 'Optional: shown under the name on the Series page'}
        sx={{ gridColumn: { md: '1 / -1' } }}
      />
      <ImageField label="Icon" file={icon} onChange={setIcon} currentUrl={group?.icon} error={imageErrors.icon} />
      <ImageField label="Banner (wide)" file={banner} onChange={setBanner} currentUrl={group?.banner} error={imageErrors.banner} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormFailure message={failure?.message ?? null} others={failure?.others} />
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 2 }}>
          {group ? 'Save changes' : 'Create group'}
        </Button>
      </Box>
    </Box>
  );
}

/** Organize-CompetitionGroup: create (`…/new`) or edit a group, its icon and banner. */
export function GroupPage() {
  const param = useParams().group ?? 'new';
  const isNew = param === 'new';
  const id = routeId(param);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const group = useQuery({ ...competitionQueries.group(id ?? 0), enabled: !isNew && id !== null });
  const back = (
    <Button component={RouterLink} to={organizerPaths.groups()} sx={{ mb: 1 }}>
      ← All groups
    </Button>
  );
  if (!isNew) {
    if (id === null) return <NotFoundPage />;
    if (isNotFound(group.error))
      return <NotFoundState before={back} title="Group not found" message="There is no such group" back={organizerPaths.groups()} backLabel="All groups" />;
    if (group.error) return <LoadFailureState before={back} what="group" error={group.error} onRetry={() => void group.refetch()} />;
    if (!group.data) return <CenteredLoader label="Loading the group" />;
  }
  const saved = (answer: CompetitionGroupDto) => {
    applyOwnGroup(queryClient, answer);
    if (isNew) navigate(organizerPaths.group(answer.id));
  };
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      {back}
      <PageTitle>{group.data && !isNew ? group.data.name : 'New competition group'}</PageTitle>
      <GroupForm key={group.data?.id ?? 'new'} group={isNew ? null : (group.data ?? null)} onSaved={saved} />
    </Container>
  );
}
