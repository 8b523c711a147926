import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { IconLinkCell } from '../../../components/IconLinkCell.js';
import { NewItemLink, TitleBar } from '../../../components/TitleBar.js';
import { ImageFormField } from '../../../components/form/ImageFormField.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { routeId } from '../../../components/routeId.js';
import { competitionCommands, competitionQueries } from '../api.js';
import { applyOwnGroup } from '../cache.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { InlineFailure, isNotFound, LoadFailureState, NotFoundState } from '../components/LoadStates.js';
import type { CompetitionGroupDto } from '../types.js';
import { emptyGroupForm, GROUP_CHECKS, groupFieldOf, groupFormFrom, groupRequestFrom, noImages, type GroupFormValues, type WithImages } from './competitionForms.js';
import { organizerPaths } from './organizerPaths.js';

/** Organize-CompetitionGroups: every group by position, with a way to add one. */
export function GroupsPage() {
  const groups = useQuery(competitionQueries.groups());
  const list = [...(groups.data ?? [])].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Competition groups">
        <NewItemLink to={organizerPaths.group('new')}>New group</NewItemLink>
      </TitleBar>
      <Box sx={{ minHeight: 4 }}>{groups.isFetching && <LinearProgress aria-label="Loading groups" />}</Box>
      {groups.error ? (
        <InlineFailure what="groups" error={groups.error} onRetry={() => void groups.refetch()} />
      ) : !groups.isPending && list.length === 0 ? (
        <EmptyState title="No groups yet">Groups gather competitions on the Series page: create the first with the button above.</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Competition groups">
            <TableHeader columns={['Name', { label: 'Position', align: 'right' }, 'Status']} />
            <TableBody>
              {list.map((group) => (
                <TableRow key={group.id} hover>
                  <IconLinkCell icon={group.icon} iconSize={24} to={organizerPaths.group(group.id)} name={group.name} />
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
  const apiForm = useApiForm<WithImages<GroupFormValues>, CompetitionGroupDto>({
    defaultValues: { ...(group ? groupFormFrom(group) : emptyGroupForm()), ...noImages },
    submit: ({ icon, banner, ...values }, key) => competitionCommands.saveGroup(groupRequestFrom(values), icon, banner, key),
    onSaved,
    notSaved: 'The group was not saved',
    fieldOf: groupFieldOf,
  });
  const { onSubmit, busy, status, text } = apiForm;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={group ? 'Edit group' : 'New group'}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}
    >
      <TextField {...text('name', { label: 'Name', required: true, validate: GROUP_CHECKS.name })} />
      <TextField inputMode="numeric" {...text('position', { label: 'Position', validate: GROUP_CHECKS.position, help: 'Groups are listed by position, smallest first' })} />
      <TextField
        multiline
        minRows={2}
        {...text('description', { label: 'Description', validate: GROUP_CHECKS.description, help: 'Optional: shown under the name on the Series page' })}
        sx={{ gridColumn: { md: '1 / -1' } }}
      />
      <ImageFormField form={apiForm} name="icon" label="Icon" currentUrl={group?.icon} />
      <ImageFormField form={apiForm} name="banner" label="Banner" shownAs="Banner (wide)" currentUrl={group?.banner} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormStatusMessage status={status} />
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
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
