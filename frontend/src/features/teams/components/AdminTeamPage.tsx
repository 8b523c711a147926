import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { TEAM_COLOUR, TEAM_NAME_MAX, TEAM_TAG, type TeamDto, type TeamRequest } from '@paddock/contracts/teams.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { errorsFor, SaveFailure } from '../../../components/form/saveWithImage.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { ApiError } from '../../../lib/api/client.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { PLATFORM_LABELS } from '../../events/index.js';
import { NO_DRIVER_FILTERS, profileQueries } from '../../profiles/index.js';
import { teamCommands, teamKeys, teamQueries } from '../api.js';

interface TeamValues {
  name: string;
  tag: string;
  colour: string;
  gameId: string;
  platforms: Platform[];
}

/** What each field accepts, in words; undefined when fine. */
export function teamFieldErrors(values: TeamValues): Partial<Record<keyof TeamValues, string>> {
  const errors: Partial<Record<keyof TeamValues, string>> = {};
  if (!values.name.trim()) errors.name = 'Enter the team’s name';
  else if (values.name.trim().length > TEAM_NAME_MAX) errors.name = `Keep the name to ${TEAM_NAME_MAX} characters`;
  if (values.tag.trim() && !TEAM_TAG.test(values.tag.trim().toUpperCase())) errors.tag = 'A tag has 2 to 6 letters or digits, or leave it empty';
  if (!TEAM_COLOUR.test(values.colour.trim().toLowerCase())) errors.colour = 'Write the colour as #rrggbb, e.g. #7b1fa2';
  return errors;
}

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
      return (
        <Container maxWidth="md" sx={{ py: 3 }}>
          {back}
          <PageTitle>Team</PageTitle>
          <EmptyState title="The team could not be loaded">
            <Button onClick={() => void team.refetch()}>Try again</Button>
          </EmptyState>
        </Container>
      );
    }
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {back}
        <PageTitle>Team not found</PageTitle>
        <EmptyState title="There is no such team" />
      </Container>
    );
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
  const queryClient = useQueryClient();
  const games = useQuery(catalogueQueries.games());
  const [values, setValues] = useState<TeamValues>(valuesOf(team));
  const [logo, setLogo] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const errors = checked ? teamFieldErrors(values) : {};
  const message = (field: keyof TeamValues | 'logo', apiField: string = field) => (field !== 'logo' ? errors[field] : undefined) ?? errorsFor(serverErrors, apiField, true);
  const set = <K extends keyof TeamValues>(field: K, value: TeamValues[K]) => {
    setValues((old) => ({ ...old, [field]: value }));
    setSaved(false);
  };
  const game = games.data?.find((candidate) => String(candidate.id) === values.gameId);
  const platformChoices = game ? game.platforms : PLATFORMS;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    setServerErrors({});
    if (Object.keys(teamFieldErrors(values)).length) return setFailure('Please correct the marked fields.');
    setBusy(true);
    try {
      const answer = await teamCommands.save(teamRequestFrom(values, team?.id ?? null), logo);
      queryClient.setQueryData(teamKeys.detail(answer.id), answer);
      await queryClient.invalidateQueries({ queryKey: teamKeys.list });
      setLogo(null);
      setSaved(true);
      if (!team) navigate(pathTo('Admin-Team', { team: answer.id }));
    } catch (error) {
      const refused = error instanceof SaveFailure ? error : null;
      setServerErrors(refused?.fieldErrors ?? {});
      setFailure(refused && Object.keys(refused.fieldErrors).length ? 'Please correct the marked fields.' : (refused?.message ?? 'Saving failed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!team || !window.confirm(`Delete ${team.name}? Its drivers leave it.`)) return;
    await teamCommands.remove(team.id);
    await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    navigate(pathTo('Admin-Teams'));
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void save(event)} aria-label={team ? 'Edit team' : 'New team'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField label="Name" required value={values.name} onChange={(e) => set('name', e.target.value)} error={Boolean(message('name'))} helperText={message('name')} />
        <TextField
          label="Tag"
          value={values.tag}
          onChange={(e) => set('tag', e.target.value)}
          error={Boolean(message('tag'))}
          helperText={message('tag') ?? '2 to 6 letters or digits, e.g. PHR'}
        />
        <TextField
          label="Colour"
          value={values.colour}
          onChange={(e) => set('colour', e.target.value)}
          error={Boolean(message('colour'))}
          helperText={message('colour') ?? '#rrggbb'}
          slotProps={{
            input: {
              startAdornment: (
                <Box
                  aria-hidden
                  sx={{ width: 18, height: 18, mr: 1, borderRadius: '50%', bgcolor: TEAM_COLOUR.test(values.colour) ? values.colour : 'transparent', border: 1 }}
                />
              ),
            },
          }}
        />
        <TextField
          select
          label="Game"
          value={values.gameId}
          onChange={(e) => {
            const chosen = games.data?.find((candidate) => String(candidate.id) === e.target.value);
            set('gameId', e.target.value);
            if (chosen)
              set(
                'platforms',
                values.platforms.filter((platform) => chosen.platforms.includes(platform)),
              );
          }}
          error={Boolean(message('gameId', 'game'))}
          helperText={message('gameId', 'game') ?? 'A driver is in one team per game'}
        >
          <MenuItem value="">Any game</MenuItem>
          {(games.data ?? []).map((candidate) => (
            <MenuItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset">
          <FormLabel component="legend">Platforms</FormLabel>
          <FormGroup row>
            {platformChoices.map((platform) => (
              <FormControlLabel
                key={platform}
                label={PLATFORM_LABELS[platform]}
                control={
                  <Checkbox
                    checked={values.platforms.includes(platform)}
                    onChange={(e) => set('platforms', e.target.checked ? [...values.platforms, platform] : values.platforms.filter((p) => p !== platform))}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <ImageField
          label="Logo"
          file={logo}
          currentUrl={team?.logo}
          onChange={(file) => {
            setLogo(file);
            setSaved(false);
          }}
          error={message('logo')}
        />
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {saved && (
        <Typography role="status" color="success.main" sx={{ mt: 2 }}>
          Team saved
        </Typography>
      )}
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
  const queryClient = useQueryClient();
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
      queryClient.setQueryData(teamKeys.detail(team.id), await teamCommands.setCaptains(team.id, profileIds));
      await queryClient.invalidateQueries({ queryKey: teamKeys.list });
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
