import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type FieldPath, type RegisterOptions } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PLATFORM_ID_FIELD, PLATFORM_LABEL, PROFILE_TEXT_RULES, SOCIAL_LABEL, SOCIAL_NETWORKS, type MyProfileDto } from '@paddock/contracts/profiles.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { Alert, Button, ButtonLink, Check, CheckGroup, Container, Paper, Text, TextField, TextLink } from '../../../components/ui/index.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { BidderPanelSlot } from '../../bidding/index.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { PlatformChecks } from '../../../components/form/PlatformChecks.js';
import { MyTicketsAndLicence, useMyTicketsAnswered } from '../../stewarding/index.js';
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
import './profile.css';

const LOADING = 'Loading your profile';

/** Profile (SPEC §2): the driver edits their profile; completing it (number + an id on a platform raced on) lets them in (SPEC §4). */
export default function ProfilePage() {
  const profile = useQuery(profileQueries.mine());
  const complete = profile.data?.profileCompleted === true;
  const ticketsAnswered = useMyTicketsAnswered();
  return (
    <Container maxWidth="md" page>
      <PageTitle>My profile</PageTitle>
      <QueryContent query={profile} loading={LOADING} failed="Your profile could not be loaded">
        {(mine) =>
          // A complete profile's tickets are on its first screen: drawn with it, not after it.
          mine.profileCompleted && !ticketsAnswered ? (
            <CenteredLoader label={LOADING} />
          ) : (
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
          )
        }
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
  // The other 420 zones are drawn once the field is used (focused, or pressed to open): drawn with the page
  // they were half of its elements, and of the work of showing it on a phone.
  const [allZones, setAllZones] = useState(false);
  const offerAllZones = () => setAllZones(true);
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
  /** A registered field's wiring for a plain TextField: react-hook-form's ref goes to the input. */
  const wired = <N extends FieldPath<ProfileFormValues>>(name: N, options: RegisterOptions<ProfileFormValues, N>) => {
    const { ref, ...registered } = register(name, options);
    return { ...registered, inputRef: ref };
  };
  const text = (field: keyof typeof PROFILE_TEXT_RULES, label: string, helper?: string) => (
    <TextField
      {...wired(
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
      )}
      label={label}
      fullWidth
      {...feedback(field, helper)}
      maxLength={PROFILE_TEXT_RULES[field].max}
    />
  );

  return (
    <form className="pd-profile-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Driver profile">
      {!profile.profileCompleted && (
        <Alert severity="info" role="region" aria-label="Complete your profile">
          Complete your profile to enter the league: you still need {profile.missing.join(' and ')}.
        </Alert>
      )}
      <Paper className="pd-profile-section">
        <Text variant="h6" as="h2" gutterBottom>
          Driver
        </Text>
        <div className="pd-profile-grid">
          <div className="pd-profile-span-4">
            <TextField
              {...wired(
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
          </div>
          <div className="pd-profile-span-8">{text('name', 'Name')}</div>
          <div className="pd-profile-span-6">{text('alternativeName', 'Alternative name', 'Shown when you have no platform id')}</div>
        </div>
        {taken.data && taken.data.length > 0 && (
          <Text variant="body2" tone="secondary" className="pd-profile-after-grid" aria-label="Taken numbers">
            Taken numbers: {taken.data.join(', ')}
          </Text>
        )}
      </Paper>

      <Paper className="pd-profile-section">
        <Text variant="h6" as="h2" gutterBottom>
          Platforms and games
        </Text>
        <Controller
          control={control}
          name="platforms"
          rules={rules('platforms', { label: 'I race on', validate: (_value, values) => completionProblems(values).platforms ?? true, deps: idFields })}
          render={({ field }) => <PlatformChecks label="I race on" labels={PLATFORM_LABEL} value={field.value} onChange={field.onChange} error={errorOf('platforms')} />}
        />
        <div className="pd-profile-grid pd-profile-after-checks">
          <div className="pd-profile-span-4">{text('xboxUsername', PLATFORM_ID_LABEL.xboxUsername, platforms.includes('XBOX') ? 'Needed for Xbox' : undefined)}</div>
          <div className="pd-profile-span-4">{text('steamUsername', PLATFORM_ID_LABEL.steamUsername, platforms.includes('PC') ? 'Needed for PC' : undefined)}</div>
          <div className="pd-profile-span-4">{text('psnName', PLATFORM_ID_LABEL.psnName, platforms.includes('PLAYSTATION') ? 'Needed for PlayStation' : undefined)}</div>
          <div className="pd-profile-span-8">
            {text(
              'steamId',
              'SteamID64',
              'The 17-digit number in your Steam profile’s address (steamcommunity.com/profiles/7656119…): race results find you by it. Never shown; your Steam name is.',
            )}
          </div>
        </div>
        <Controller
          control={control}
          name="gameIds"
          render={({ field }) => (
            <CheckGroup
              legend="Games"
              row
              className="pd-profile-games"
              helperText={games.isError ? <span className="pd-tone--error">The games could not be loaded.</span> : undefined}
            >
              {(games.data ?? []).map((game) => (
                <Check
                  key={game.id}
                  label={game.name}
                  checked={field.value.includes(game.id)}
                  onChange={(event) => field.onChange(event.target.checked ? [...field.value, game.id] : field.value.filter((id: number) => id !== game.id))}
                />
              ))}
            </CheckGroup>
          )}
        />
      </Paper>

      <Paper className="pd-profile-section">
        <Text variant="h6" as="h2" gutterBottom>
          Where you race from
        </Text>
        <div className="pd-profile-grid">
          <div className="pd-profile-span-4">
            <TextField
              {...wired('country', rules('country', { label: 'Country', validate: COUNTRY_CHECK }))}
              label="Country"
              fullWidth
              {...feedback('country', 'Two letters, e.g. NL')}
              maxLength={2}
            />
          </div>
          <div className="pd-profile-span-8">
            <Controller
              control={control}
              name="timeZone"
              render={({ field }) => (
                <TextField
                  select
                  label="Time zone"
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  onFocus={offerAllZones}
                  onPointerDown={offerAllZones}
                  inputRef={field.ref}
                  {...feedback('timeZone')}
                >
                  <option value="">Not set</option>
                  {timeZoneOptions(timeZone, allZones).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </TextField>
              )}
            />
          </div>
        </div>
        <Controller
          control={control}
          name="hidden"
          render={({ field }) => (
            <Check
              toggle
              className="pd-profile-after-grid"
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              label="Hide my profile from visitors (shown as “Private driver”)"
            />
          )}
        />
      </Paper>

      <Paper className="pd-profile-section">
        <Text variant="h6" as="h2" gutterBottom>
          Social links
        </Text>
        <div className="pd-profile-grid">
          {SOCIAL_NETWORKS.map((network) => (
            <div key={network} className="pd-profile-span-6">
              <TextField
                {...wired(`socials.${network}`, rules(`socials.${network}`, { label: SOCIAL_LABEL[network], validate: SOCIAL_CHECK }))}
                label={SOCIAL_LABEL[network]}
                fullWidth
                placeholder="https://"
                {...feedback(`socials.${network}`)}
              />
            </div>
          ))}
        </div>
      </Paper>

      {profile.nameHistory.length > 0 && (
        <Text variant="body2" tone="secondary">
          Previously known as {profile.nameHistory.map((change) => change.name).join(', ')}
        </Text>
      )}

      <FormStatusMessage status={status} flush>
        {' '}
        <TextLink to={pathTo('PublicProfile', { profile: profile.id })}>See your public profile</TextLink>
      </FormStatusMessage>
      {stillMissing.length > 0 && (
        <Alert severity="warning" role="alert">
          Saved, but your profile is not complete yet: you still need {stillMissing.join(' and ')}. Until then the league&apos;s pages stay closed to you.
        </Alert>
      )}
      <div className="pd-profile-actions">
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : 'Save profile'}
        </Button>
        <ButtonLink to={pathTo('PublicProfile', { profile: profile.id })}>View public profile</ButtonLink>
      </div>
    </form>
  );
}
