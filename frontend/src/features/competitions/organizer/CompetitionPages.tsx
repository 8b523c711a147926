import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { COMPETITION_STYLES } from '@paddock/contracts/competitions.js';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { IconLinkCell } from '../../../components/IconLinkCell.js';
import { NewItemLink, TitleBar } from '../../../components/TitleBar.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { ImageFormField } from '../../../components/form/ImageFormField.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { routeId } from '../../../components/routeId.js';
import { usePaging } from '../../../components/usePaging.js';
import { catalogueQueries, gameOptions, platformsOffered } from '../../catalogue/index.js';
import { PlatformChecks } from '../../../components/form/PlatformChecks.js';
import { COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../../events/index.js';
import { competitionCommands, competitionQueries } from '../api.js';
import { applyOwnCompetition } from '../cache.js';
import { competitionTarget } from '../components/CompetitionCard.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { InlineFailure, isNotFound, LoadFailureState, NotFoundState } from '../components/LoadStates.js';
import type { CompetitionDto } from '../types.js';
import {
  COMPETITION_CHECKS,
  competitionFieldOf,
  competitionFormFrom,
  competitionRequestFrom,
  emptyCompetitionForm,
  noImages,
  type CompetitionFormValues,
  type WithImages,
} from './competitionForms.js';
import { organizerPaths } from './organizerPaths.js';

/** Organize-Competitions: every competition, past ones too, searchable by name. */
export function CompetitionsPage() {
  const [name, setName] = useState('');
  const { paging, request, setPaging, firstPage } = usePaging();
  const search = name.trim() ? { name: name.trim() } : {};
  const competitions = useQuery(competitionQueries.search(request, { ...search, sort: [{ field: 'current', direction: 'DESC' }, { field: 'name' }] }));
  const list = competitions.data?.content ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Competitions">
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button component={RouterLink} to={organizerPaths.groups()}>
            Groups
          </Button>
          <NewItemLink to={organizerPaths.competition('new')}>New competition</NewItemLink>
        </Box>
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
      <Box sx={{ minHeight: 4 }}>{competitions.isFetching && <LinearProgress aria-label="Loading competitions" />}</Box>
      {competitions.error ? (
        <InlineFailure what="competitions" error={competitions.error} onRetry={() => void competitions.refetch()} />
      ) : !competitions.isFetching && list.length === 0 ? (
        <EmptyState title={name ? 'No competition matches' : 'No competitions yet'}>Create the first one with the button above.</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Competitions">
            <TableHeader columns={['Name', { label: 'Group', from: 'sm' }, { label: 'Format', from: 'md' }, 'Season', 'Status']} />
            <TableBody>
              {list.map((competition) => (
                <TableRow key={competition.id} hover>
                  <IconLinkCell icon={competition.icon} iconSize={24} to={organizerPaths.competition(competition.id)} name={competition.name} />
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{competition.group?.name ?? ''}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{COMPETITION_STYLE_LABELS[competition.style]}</TableCell>
                  <TableCell>
                    {competition.currentSeason ? (
                      <Link component={RouterLink} to={organizerPaths.season(competition.id, competition.currentSeason.id)}>
                        {competition.currentSeason.name}
                      </Link>
                    ) : (
                      ''
                    )}
                  </TableCell>
                  <TableCell>{competition.current ? <Chip size="small" color="success" label="Current" /> : <Chip size="small" label="Past" />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination label="Competition pages" paging={paging} totalElements={competitions.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}

function CompetitionForm({ competition, onSaved }: { competition: CompetitionDto | null; onSaved: (competition: CompetitionDto) => void }) {
  const apiForm = useApiForm<WithImages<CompetitionFormValues>, CompetitionDto>({
    defaultValues: { ...(competition ? competitionFormFrom(competition) : emptyCompetitionForm()), ...noImages },
    submit: ({ icon, banner, ...values }, key) => competitionCommands.saveCompetition(competitionRequestFrom(values), icon, banner, key),
    onSaved,
    notSaved: 'The competition was not saved',
    fieldOf: competitionFieldOf,
  });
  const { form, onSubmit, busy, status, text, controlled, errorOf } = apiForm;
  const { control, setValue, getValues } = form;
  const groups = useQuery(competitionQueries.groups());
  const games = useQuery(catalogueQueries.games());
  const gameId = useWatch({ control, name: 'gameId' });
  const game = games.data?.find((candidate) => String(candidate.id) === gameId);

  const platformOptions = game?.platforms ?? (['PC', 'XBOX', 'PLAYSTATION'] as const);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={competition ? 'Edit competition' : 'New competition'}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}
    >
      <TextField {...text('name', { label: 'Name', required: true, validate: COMPETITION_CHECKS.name })} />
      <SelectField
        form={apiForm}
        name="style"
        label="Format"
        help="Solo drivers, teams, or leagues against each other"
        options={COMPETITION_STYLES.map((style) => ({ value: style, label: COMPETITION_STYLE_LABELS[style] }))}
      />
      <SelectField
        form={apiForm}
        name="groupId"
        label="Group"
        help="Where the Series page lists it"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        options={[{ value: '', label: 'No group' }, ...(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name }))]}
      />
      <SelectField
        form={apiForm}
        name="gameId"
        label="Game"
        help="Its rounds are events of this game"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        options={[{ value: '', label: 'Any game' }, ...gameOptions(games.data)]}
        onChosen={(chosen) => setValue('platforms', platformsOffered(games.data, chosen, getValues('platforms')))}
      />
      <Controller
        {...controlled('platforms', { label: 'Platforms', required: true })}
        render={({ field }) => (
          <PlatformChecks label="Platforms" labels={PLATFORM_LABELS} options={platformOptions} value={field.value} onChange={field.onChange} error={errorOf('platforms')} />
        )}
      />
      <FormGroup>
        <CheckboxField control={control} name="current" label="Current: listed on the Series page" />
        <CheckboxField control={control} name="leaderboardsEnabled" label="Offered on the Series leaderboard" />
      </FormGroup>
      <TextField
        multiline
        minRows={2}
        {...text('description', { label: 'Description', validate: COMPETITION_CHECKS.description, help: 'Optional: shown on its card and page' })}
        sx={{ gridColumn: { md: '1 / -1' } }}
      />
      <ImageFormField form={apiForm} name="icon" label="Icon" currentUrl={competition?.icon} />
      <ImageFormField form={apiForm} name="banner" label="Banner" shownAs="Banner (wide)" currentUrl={competition?.banner} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormStatusMessage status={status} />
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
          {competition ? 'Save changes' : 'Create competition'}
        </Button>
      </Box>
    </Box>
  );
}

/** A competition's seasons with their rounds, each to its organizer page. */
function SeasonsTable({ competition }: { competition: CompetitionDto }) {
  if (competition.seasons.length === 0) return <EmptyState title="No seasons yet">Create the first season to set its points system and rounds.</EmptyState>;
  return (
    <TableContainer>
      <Table size="small" aria-label={`Seasons of ${competition.name}`}>
        <TableHeader columns={['Season', { label: 'Rounds', align: 'right' }, { label: 'With results', align: 'right' }]} />
        <TableBody>
          {competition.seasons.map((season) => (
            <TableRow key={season.id} hover>
              <TableCell>
                <Link component={RouterLink} to={organizerPaths.season(competition.id, season.id)}>
                  {season.name}
                </Link>
                {competition.currentSeason?.id === season.id && <Chip size="small" label="Current" sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell align="right">{season.rounds}</TableCell>
              <TableCell align="right">{season.roundsWithResults}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Reads the competition a page names; its not-found, failure and loading states. */
function useCompetitionParam() {
  const param = useParams().competition ?? 'new';
  const isNew = param === 'new';
  const id = routeId(param);
  const competition = useQuery({ ...competitionQueries.details(id ?? 0), enabled: !isNew && id !== null });
  const back = (
    <Button component={RouterLink} to={organizerPaths.competitions()} sx={{ mb: 1 }}>
      ← All competitions
    </Button>
  );
  let blocked: React.ReactElement | null = null;
  if (!isNew) {
    if (id === null) blocked = <NotFoundPage />;
    else if (isNotFound(competition.error))
      blocked = (
        <NotFoundState before={back} title="Competition not found" message="There is no such competition" back={organizerPaths.competitions()} backLabel="All competitions" />
      );
    else if (competition.error) blocked = <LoadFailureState before={back} what="competition" error={competition.error} onRetry={() => void competition.refetch()} />;
    else if (!competition.data) blocked = <CenteredLoader label="Loading the competition" />;
  }
  return { isNew, competition: isNew ? null : (competition.data ?? null), back, blocked };
}

/** Organize-Competition: create (`…/new`) or edit a competition, its icon and banner; its seasons below. */
export function CompetitionPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isNew, competition, back, blocked } = useCompetitionParam();
  if (blocked) return blocked;
  const saved = (answer: CompetitionDto) => {
    applyOwnCompetition(queryClient, answer);
    if (isNew) navigate(organizerPaths.competition(answer.id));
  };
  const publicPage = competition ? competitionTarget(competition) : null;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {back}
      <PageTitle>{competition ? competition.name : 'New competition'}</PageTitle>
      {competition && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h6" component="h2">
              Seasons
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              {publicPage && (
                <Button component={RouterLink} to={publicPage}>
                  Public page
                </Button>
              )}
              <Button component={RouterLink} to={organizerPaths.season(competition.id, 'new')} variant="outlined">
                New season
              </Button>
            </Box>
          </Box>
          <SeasonsTable competition={competition} />
        </Paper>
      )}
      <CompetitionForm key={competition?.id ?? 'new'} competition={competition} onSaved={saved} />
    </Container>
  );
}

/** Organize-Seasons: the seasons of one competition. */
export function SeasonsPage() {
  const { competition, blocked } = useCompetitionParam();
  if (blocked) return blocked;
  if (!competition) return <NotFoundPage />;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button component={RouterLink} to={organizerPaths.competition(competition.id)} sx={{ mb: 1 }}>
        ← {competition.name}
      </Button>
      <TitleBar title={`Seasons of ${competition.name}`}>
        <NewItemLink to={organizerPaths.season(competition.id, 'new')}>New season</NewItemLink>
      </TitleBar>
      <SeasonsTable competition={competition} />
    </Container>
  );
}
