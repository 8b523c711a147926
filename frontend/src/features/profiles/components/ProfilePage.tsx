import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PLATFORM_ID_FIELD, PLATFORM_LABEL, PROFILE_TEXT_RULES, SOCIAL_LABEL, SOCIAL_NETWORKS, type MyProfileDto } from '@paddock/contracts/profiles.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { BidderPanelSlot } from '../../bidding/index.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { PlatformChecks } from '../../../components/form/PlatformChecks.js';
import { MyTicketsAndLicence } from '../../stewarding/index.js';
import { DeviceNotifications } from '../../push/index.js';
import { profileQueries } from '../api.js';
import { useUpdateProfile } from '../cache.js';
import {
  COUNTRY_CHECK,
  PLATFORM_ID_LABEL,
  SOCIAL_CHECK,
  completionProblems,
  numberCheck,
  profileBodyFrom,
  profileFormFrom,
  textCheck,
  timeZoneOptions,
  type ProfileFormValues,
} from '../profileForm.js';
import { MyRacesCalendar } from './MyRacesCalendar.js';
import { TeamInvites } from './TeamInvites.js';
import { NotificationSettingsSlot } from '../../notifications/index.js';

/** Profile (SPEC §2): the driver edits their profile; completing it (number + an id on a platform raced on) lets them in (SPEC §4). */
export default function ProfilePage() {
  const profile = useQuery(profileQueries.mine());
  const complete = profile.data?.profileCompleted === true;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>My profile</PageTitle>
      <QueryContent query={profile} loading="Loading your profile" failed="Your profile could not be loaded">
        {(mine) => (
          <>
            {/* A rookie sees what to do first; bidding opens once the profile lets them race. The form keeps its place (and its state) when the profile's completeness changes. */}
            {complete && <TeamInvites />}
            {complete && <MyTicketsAndLicence />}
            {complete && <BidderPanelSlot as="numbers" />}
            {complete && <MyRacesCalendar />}
            <ProfileForm profile={mine} />
            {!complete && <TeamInvites />}
            {!complete && <MyTicketsAndLicence />}
            <NotificationSettingsSlot />
            <DeviceNotifications />
          </>
        )}
      </QueryContent>
    </Container>
  );
}

function ProfileForm({ profile }: { profile: MyProfileDto }) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const taken = useQuery(profileQueries.takenNumbers());
  const games = useQuery(catalogueQueries.games());
  const [stillMissing, setStillMissing] = useState<string[]>([]);
  const { form, onSubmit, busy, status, feedback, rules, errorOf } = useApiForm<ProfileFormValues, MyProfileDto>({
    defaultValues: profileFormFrom(profile),
    submit: (values, key) => {
      setStillMissing([]);
      return updateProfile(profileBodyFrom(values), key);
    },
    onSaved: (updated) => {
      // Saved, yet the league still keeps them out: say what is missing (beside each field, below).
      if (!updated.profileCompleted) setStillMissing(updated.missing);
      // Just completed: SPEC §4 lets the driver in; take them Home.
      else if (!profile.profileCompleted) void navigate(pathTo('Home'));
    },
    notSaved: 'Your profile was not saved',
    // Only a save that lets the driver race is a success.
    saved: (updated) => (updated.profileCompleted ? 'Profile saved.' : null),
  });
  const { control, register, setError, reset } = form;
  const platforms = useWatch({ control, name: 'platforms' });
  const timeZone = useWatch({ control, name: 'timeZone' });

  useEffect(() => reset(profileFormFrom(profile)), [profile, reset]);
  // After the reset above, which clears the form's errors.
  useEffect(() => {
    if (!stillMissing.length) return;
    for (const [field, message] of Object.entries(completionProblems(profileFormFrom(profile)))) {
      setError(field as FieldPath<ProfileFormValues>, { type: 'server', message });
    }
  }, [profile, stillMissing, setError]);

  const idFields = Object.values(PLATFORM_ID_FIELD);
  const text = (field: keyof typeof PROFILE_TEXT_RULES, label: string, helper?: string) => {
    const { ref, ...registered } = register(
      field,
      rules(field, {
        label,
        validate: (value, values) => {
          const problem = textCheck(field)(value);
          if (problem !== true) return problem;
          return (idFields as string[]).includes(field) ? (completionProblems(values)[field as keyof ReturnType<typeof completionProblems>] ?? true) : true;
        },
        deps: (idFields as string[]).includes(field) ? idFields.filter((other) => other !== field) : undefined,
      }),
    );
    return (
      <TextField {...registered} inputRef={ref} label={label} fullWidth {...feedback(field, helper)} slotProps={{ htmlInput: { maxLength: PROFILE_TEXT_RULES[field].max } }} />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Driver profile">
      {!profile.profileCompleted && (
        <Alert severity="info" sx={{ mb: 2 }} role="region" aria-label="Complete your profile">
          Complete your profile to enter the league: you still need {profile.missing.join(' and ')}.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Driver
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              {...register(
                'driverNumber',
                rules('driverNumber', {
                  label: 'Driver number',
                  validate: (value, values) => completionProblems(values).driverNumber ?? numberCheck(value, taken.data ?? []),
                }),
              )}
              label="Driver number"
              inputMode="numeric"
              fullWidth
              {...feedback('driverNumber', '1 to 999, yours alone')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>{text('name', 'Name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('alternativeName', 'Alternative name', 'Shown when you have no platform id')}</Grid>
        </Grid>
        {taken.data && taken.data.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-label="Taken numbers">
            Taken numbers: {taken.data.join(', ')}
          </Typography>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Platforms and games
        </Typography>
        <Controller
          control={control}
          name="platforms"
          rules={rules('platforms', { label: 'I race on', validate: (_value, values) => completionProblems(values).platforms ?? true, deps: idFields })}
          render={({ field }) => <PlatformChecks label="I race on" labels={PLATFORM_LABEL} value={field.value} onChange={field.onChange} error={errorOf('platforms')} />}
        />
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 4 }}>{text('xboxUsername', PLATFORM_ID_LABEL.xboxUsername, platforms.includes('XBOX') ? 'Needed for Xbox' : undefined)}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text('steamUsername', PLATFORM_ID_LABEL.steamUsername, platforms.includes('PC') ? 'Needed for PC' : undefined)}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text('psnName', PLATFORM_ID_LABEL.psnName, platforms.includes('PLAYSTATION') ? 'Needed for PlayStation' : undefined)}</Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            {text(
              'steamId',
              'SteamID64',
              'The 17-digit number in your Steam profile’s address (steamcommunity.com/profiles/7656119…): race results find you by it. Never shown; your Steam name is.',
            )}
          </Grid>
        </Grid>
        <Controller
          control={control}
          name="gameIds"
          render={({ field }) => (
            <FormControl component="fieldset" sx={{ mt: 2 }}>
              <FormLabel component="legend">Games</FormLabel>
              {games.isError && <Typography color="error">The games could not be loaded.</Typography>}
              <FormGroup row>
                {(games.data ?? []).map((game) => (
                  <FormControlLabel
                    key={game.id}
                    label={game.name}
                    control={
                      <Checkbox
                        checked={field.value.includes(game.id)}
                        onChange={(event) => field.onChange(event.target.checked ? [...field.value, game.id] : field.value.filter((id: number) => id !== game.id))}
                      />
                    }
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}
        />
      </Paper>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Where you race from
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              {...register('country', rules('country', { label: 'Country', validate: COUNTRY_CHECK }))}
              label="Country"
              fullWidth
              {...feedback('country', 'Two letters, e.g. NL')}
              slotProps={{ htmlInput: { maxLength: 2 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <Controller
              control={control}
              name="timeZone"
              render={({ field }) => (
                <TextField select label="Time zone" fullWidth value={field.value} onChange={field.onChange} {...feedback('timeZone')}>
                  <MenuItem value="">Not set</MenuItem>
                  {timeZoneOptions(timeZone).map((zone) => (
                    <MenuItem key={zone} value={zone}>
                      {zone}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
        </Grid>
        <Controller
          control={control}
          name="hidden"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label="Hide my profile from visitors (shown as “Private driver”)"
            />
          )}
        />
      </Paper>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Social links
        </Typography>
        <Grid container spacing={2}>
          {SOCIAL_NETWORKS.map((network) => (
            <Grid key={network} size={{ xs: 12, sm: 6 }}>
              <TextField
                {...register(`socials.${network}`, rules(`socials.${network}`, { label: SOCIAL_LABEL[network], validate: SOCIAL_CHECK }))}
                label={SOCIAL_LABEL[network]}
                fullWidth
                placeholder="https://"
                {...feedback(`socials.${network}`)}
              />
            </Grid>
          ))}
        </Grid>
      </Paper>

      {profile.nameHistory.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Previously known as {profile.nameHistory.map((change) => change.name).join(', ')}
        </Typography>
      )}

      <FormStatusMessage status={status} flush>
        {' '}
        <RouterLink to={pathTo('PublicProfile', { profile: profile.id })}>See your public profile</RouterLink>
      </FormStatusMessage>
      {stillMissing.length > 0 && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          Saved, but your profile is not complete yet: you still need {stillMissing.join(' and ')}. Until then the league&apos;s pages stay closed to you.
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : 'Save profile'}
        </Button>
        <Button component={RouterLink} to={pathTo('PublicProfile', { profile: profile.id })}>
          View public profile
        </Button>
      </Box>
    </Box>
  );
}
