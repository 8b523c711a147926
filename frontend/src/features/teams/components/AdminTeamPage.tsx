import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { TEAM_COLOUR, TEAM_NAME_MAX, TEAM_TAG, type TeamDto, type TeamRequest } from '@paddock/contracts/teams.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { MessagePage } from '../../../components/MessagePage.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { fieldUnder } from '../../../lib/forms/apiErrors.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { Controller, useWatch } from 'react-hook-form';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { ApiError } from '../../../lib/api/client.js';
import { catalogueQueries, gameOptions, platformsOffered } from '../../catalogue/index.js';
import { PlatformChecks } from '../../../components/form/PlatformChecks.js';
import { PLATFORM_LABELS } from '../../events/index.js';
import { NO_DRIVER_FILTERS, profileQueries } from '../../profiles/index.js';
import { teamQueries, useRemoveTeam, useSaveTeam, useSetCaptains } from '../api.js';

interface TeamValues {
  name: string;
  tag: string;
  colour: string;
  gameId: string;
  platforms: Platform[];
}

/** What each field accepts, in words (a required field left empty is named by the form). */
const TEAM_CHECKS = {
  name: (name: string) => (name.trim().length > TEAM_NAME_MAX ? `Keep the name to ${TEAM_NAME_MAX} characters` : true),
  tag: (tag: string) => (!tag.trim() || TEAM_TAG.test(tag.trim().toUpperCase()) ? true : 'A tag has 2 to 6 letters or digits, or leave it empty'),
  colour: (colour: string) => (TEAM_COLOUR.test(colour.trim().toLowerCase()) ? true : 'Write the colour as #rrggbb, e.g. #7b1fa2'),
};

export function teamRequestFrom(values: TeamValues, id: number | null): TeamRequest {
  return {
    ...(id !== null ? { id } : {}),
    name: values.name.trim(),
    tag: values.tag.trim().toUpperCase() || null,
    colour: values.colour.trim().toLowerCase(),
    game: values.gameId ? { id: Number(values.gameId) } : null,
    platforms: values.platforms,
  };
}

const valuesOf = (team: TeamDto | null): TeamValues => ({
  name: team?.name ?? '',
  tag: team?.tag ?? '',
  colour: team?.colour ?? '#6a1b9a',
  gameId: team?.game ? String(team.game.id) : '',
  platforms: team ? [...team.platforms] : [],
});

/** Admin-Team: edit a team's name, tag, colour, logo, game and platforms (`new` creates one), appoint its captains, or delete it. */
export default function AdminTeamPage() {
  const param = useParams().team ?? 'new';
  const isNew = param === 'new';
  const id = routeId(param);
  const team = useQuery({ ...teamQueries.detail(id ?? 0), enabled: !isNew && id !== null });
  const back = (
    <Button component={RouterLink} to={pathTo('Admin-Teams')} sx={{ mb: 1 }}>
      ← All teams
    </Button>
  );
  if (!isNew && !team.data) {
    if (team.isPending && id !== null) return <CenteredLoader label="Loading team" />;
    if (team.isError && !(team.error instanceof ApiError && team.error.status === 404)) {
      return <MessagePage before={back} heading="Team" title="The team could not be loaded" onRetry={() => void team.refetch()} />;
    }
    return <MessagePage before={back} heading="Team not found" title="There is no such team" />;
  }
  const current = team.data ?? null;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      {back}
      <PageTitle>{current ? current.name : 'New team'}</PageTitle>
      <TeamForm key={current?.id ?? 'new'} team={current} />
      {current && <Captains team={current} />}
    </Container>
  );
}

function TeamForm({ team }: { team: TeamDto | null }) {
  const navigate = useNavigate();
  const saveTeam = useSaveTeam();
  const removeTeam = useRemoveTeam();
  const games = useQuery(catalogueQueries.games());
  const apiForm = useApiForm<TeamValues & { logo: File | null }, TeamDto>({
    defaultValues: { ...valuesOf(team), logo: null },
    submit: ({ logo, ...values }, key) => saveTeam(teamRequestFrom(values, team?.id ?? null), logo, key),
    onSaved: (answer) => {
      form.setValue('logo', null);
      if (!team) navigate(pathTo('Admin-Team', { team: answer.id }));
    },
    notSaved: 'The team was not saved',
    saved: 'Team saved',
    fieldOf: (path, fields) => (path === 'game' || path.startsWith('game.') ? 'gameId' : fieldUnder(fields, path)),
  });
  const { form, onSubmit, busy, status, text, controlled, errorOf } = apiForm;
  const { setValue, getValues } = form;
  const colour = useWatch({ control: form.control, name: 'colour' });
  const gameId = useWatch({ control: form.control, name: 'gameId' });
  const game = games.data?.find((candidate) => String(candidate.id) === gameId);
  const platformChoices = game ? game.platforms : PLATFORMS;

  const remove = async () => {
    if (!team || !window.confirm(`Delete ${team.name}? Its drivers leave it.`)) return;
    await removeTeam(team.id);
    navigate(pathTo('Admin-Teams'));
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={team ? 'Edit team' : 'New team'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...text('name', { label: 'Name', required: true, validate: TEAM_CHECKS.name })} />
        <TextField {...text('tag', { label: 'Tag', validate: TEAM_CHECKS.tag, help: '2 to 6 letters or digits, e.g. PHR' })} />
        <TextField
          {...text('colour', { label: 'Colour', required: true, validate: TEAM_CHECKS.colour, help: '#rrggbb' })}
          slotProps={{
            input: {
              startAdornment: (
                <Box aria-hidden sx={{ width: 18, height: 18, mr: 1, borderRadius: '50%', bgcolor: TEAM_COLOUR.test(colour) ? colour : 'transparent', border: 1 }} />
              ),
            },
          }}
        />
        <SelectField
          form={apiForm}
          name="gameId"
          label="Game"
          help="A driver is in one team per game"
          options={[{ value: '', label: 'Any game' }, ...gameOptions(games.data)]}
          onChosen={(chosen) => setValue('platforms', platformsOffered(games.data, chosen, getValues('platforms')))}
        />
        <Controller
          {...controlled('platforms', { label: 'Platforms' })}
          render={({ field }) => (
            <PlatformChecks label="Platforms" labels={PLATFORM_LABELS} options={platformChoices} value={field.value} onChange={field.onChange} error={errorOf('platforms')} />
          )}
        />
        <Controller
          {...controlled('logo', { label: 'Logo' })}
          render={({ field }) => <ImageField label="Logo" file={field.value} currentUrl={team?.logo} onChange={field.onChange} error={errorOf('logo')} />}
        />
      </Box>
      <FormStatusMessage status={status} />
      <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {team ? 'Save team' : 'Create team'}
        </Button>
        {team && (
          <Button color="error" onClick={() => void remove()}>
            Delete team
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** The team's captains: appointed by admins (a driver not yet in the team joins it); a former captain stays as a driver. */
function Captains({ team }: { team: TeamDto }) {
  const setCaptains = useSetCaptains();
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const candidates = useQuery({ ...profileQueries.list({ pageNumber: 0, pageSize: 10 }, { ...NO_DRIVER_FILTERS, search }), enabled: search.trim().length >= 2 });
  const captains = team.members.filter((member) => member.captain);
  const captainIds = captains.map((member) => member.profileId);

  const appoint = async (profileIds: number[]) => {
    setBusy(true);
    setFailure(null);
    try {
      await setCaptains(team.id, profileIds);
      setSearch('');
    } catch (error) {
      setFailure(error instanceof ApiError && error.body && typeof error.body === 'object' ? String((error.body as { message?: unknown }).message) : 'Saving failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-label="Captains" sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2">
        Captains
      </Typography>
      {captains.length === 0 ? (
        <Typography color="text.secondary">No captain yet.</Typography>
      ) : (
        <List dense aria-label={`Captains of ${team.name}`}>
          {captains.map((member) => (
            <ListItem
              key={member.profileId}
              disableGutters
              secondaryAction={
                <Button size="small" disabled={busy} onClick={() => void appoint(captainIds.filter((id) => id !== member.profileId))}>
                  Step down
                </Button>
              }
            >
              <ListItemText primary={member.driverName} />
            </ListItem>
          ))}
        </List>
      )}
      <TextField label="Appoint a captain: name or number" value={search} onChange={(e) => setSearch(e.target.value)} fullWidth size="small" sx={{ mt: 1 }} />
      <List dense aria-label="Drivers found">
        {(candidates.data?.content ?? [])
          .filter((driver) => !captainIds.includes(driver.id))
          .map((driver) => (
            <ListItem key={driver.id} disableGutters>
              <Button size="small" disabled={busy} onClick={() => void appoint([...captainIds, driver.id])} aria-label={`Appoint ${driver.driverName}`}>
                {driver.driverName}
              </Button>
            </ListItem>
          ))}
      </List>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
