import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { PLATFORM_ID_FIELD, PLATFORM_LABEL, PROFILE_TEXT_RULES, SOCIAL_LABEL, SOCIAL_NETWORKS, type MyProfileDto } from '@paddock/contracts/profiles.js';
import { ApiError } from '../../../lib/api/client.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { BidderPanelSlot } from '../../bidding/index.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { MyTicketsAndLicence } from '../../stewarding/index.js';
import { profileCommands, profileKeys, profileQueries } from '../api.js';
import { refreshCurrentUser } from '../cache.js';
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
import { TeamInvites } from './TeamInvites.js';

/** Profile (SPEC §2): the driver edits their profile; completing it (number + an id on a platform raced on) lets them in (SPEC §4). */
export default function ProfilePage() {
  const profile = useQuery(profileQueries.mine());
  const complete = profile.data?.profileCompleted === true;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>My profile</PageTitle>
      {profile.isPending ? (
        <CenteredLoader label="Loading your profile" />
      ) : profile.isError ? (
        <EmptyState title="Your profile could not be loaded">
          <Button onClick={() => void profile.refetch()}>Try again</Button>
        </EmptyState>
      ) : (
        <>
          {/* A rookie sees what to do first; bidding opens once the profile lets them race. The form keeps its place (and its state) when the profile's completeness changes. */}
          {complete && <TeamInvites />}
          {complete && <MyTicketsAndLicence />}
          {complete && <BidderPanelSlot as="numbers" />}
          <ProfileForm profile={profile.data} />
          {!complete && <TeamInvites />}
          {!complete && <MyTicketsAndLicence />}
        </>
      )}
    </Container>
  );
}

function ProfileForm({ profile }: { profile: MyProfileDto }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const taken = useQuery(profileQueries.takenNumbers());
  const games = useQuery(catalogueQueries.games());
  const { control, register, handleSubmit, setError, reset, formState } = useForm<ProfileFormValues>({
    defaultValues: profileFormFrom(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [stillMissing, setStillMissing] = useState<string[]>([]);
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

  const save = handleSubmit(
    async (values) => {
      setFailure(null);
      setSaved(false);
      setStillMissing([]);
      const wasComplete = profile.profileCompleted;
      try {
        const updated = await profileCommands.update(profileBodyFrom(values));
        queryClient.setQueryData(profileKeys.mine, updated);
        void queryClient.invalidateQueries({ queryKey: profileKeys.takenNumbers });
        await refreshCurrentUser();
        if (!updated.profileCompleted) {
          // Saved, yet the league still keeps them out: say what is missing (beside each field, below).
          setStillMissing(updated.missing);
          return;
        }
        setSaved(true);
        // Just completed: SPEC §4 lets the driver in; take them Home.
        if (!wasComplete && updated.profileCompleted) void navigate(pathTo('Home'));
      } catch (error) {
        const body = error instanceof ApiError ? (error.body as { message?: string; errors?: Record<string, string[]> } | undefined) : undefined;
        for (const [field, messages] of Object.entries(body?.errors ?? {})) {
          setError(field as FieldPath<ProfileFormValues>, { type: 'server', message: messages.join(' ') });
        }
        setFailure(body?.message ?? 'Saving failed: check your connection and try again.');
      }
    },
    () => setFailure('Please correct the marked fields.'),
  );

  const idFields = Object.values(PLATFORM_ID_FIELD);
  const text = (field: keyof typeof PROFILE_TEXT_RULES, label: string, helper?: string) => (
    <TextField
      {...register(field, {
        validate: (value, values) => {
          const problem = textCheck(field)(value);
          if (problem !== true) return problem;
          return (idFields as string[]).includes(field) ? (completionProblems(values)[field as keyof ReturnType<typeof completionProblems>] ?? true) : true;
        },
        deps: (idFields as string[]).includes(field) ? idFields.filter((other) => other !== field) : undefined,
      })}
      label={label}
      fullWidth
      error={Boolean(errors[field])}
      helperText={errors[field]?.message ?? helper}
      slotProps={{ htmlInput: { maxLength: PROFILE_TEXT_RULES[field].max } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void save(event)} aria-label="Driver profile">
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
              {...register('driverNumber', { validate: (value, values) => completionProblems(values).driverNumber ?? numberCheck(value, taken.data ?? []) })}
              label="Driver number"
              inputMode="numeric"
              fullWidth
              error={Boolean(errors.driverNumber)}
              helperText={errors.driverNumber?.message ?? '1 to 999, yours alone'}
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
          rules={{ validate: (_value, values) => completionProblems(values).platforms ?? true, deps: idFields }}
          render={({ field }) => (
            <FormControl component="fieldset" error={Boolean(errors.platforms)}>
              <FormLabel component="legend">I race on</FormLabel>
              <FormGroup row>
                {PLATFORMS.map((platform) => (
                  <FormControlLabel
                    key={platform}
                    label={PLATFORM_LABEL[platform]}
                    control={
                      <Checkbox
                        checked={field.value.includes(platform)}
                        onChange={(event) => field.onChange(event.target.checked ? [...field.value, platform] : field.value.filter((p: Platform) => p !== platform))}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.platforms && <FormHelperText>{errors.platforms.message}</FormHelperText>}
            </FormControl>
          )}
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
              {...register('country', { validate: COUNTRY_CHECK })}
              label="Country"
              fullWidth
              error={Boolean(errors.country)}
              helperText={errors.country?.message ?? 'Two letters, e.g. NL'}
              slotProps={{ htmlInput: { maxLength: 2 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <Controller
              control={control}
              name="timeZone"
              render={({ field }) => (
                <TextField
                  select
                  label="Time zone"
                  fullWidth
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(errors.timeZone)}
                  helperText={errors.timeZone?.message}
                >
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
                {...register(`socials.${network}`, { validate: SOCIAL_CHECK })}
                label={SOCIAL_LABEL[network]}
                fullWidth
                placeholder="https://"
                error={Boolean(errors.socials?.[network])}
                helperText={errors.socials?.[network]?.message}
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

      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {stillMissing.length > 0 && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          Saved, but your profile is not complete yet: you still need {stillMissing.join(' and ')}. Until then the league&apos;s pages stay closed to you.
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Profile saved. <RouterLink to={pathTo('PublicProfile', { profile: profile.id })}>See your public profile</RouterLink>
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save profile'}
        </Button>
        <Button component={RouterLink} to={pathTo('PublicProfile', { profile: profile.id })}>
          View public profile
        </Button>
      </Box>
    </Box>
  );
}
