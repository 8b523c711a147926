import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { gapText, type MyRivalDto } from '@paddock/contracts/rivals.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { rivalsQueries, useChangeRival } from '../api.js';
import { PLATFORM_LABELS } from '../labels.js';
import { ProvisionalMarker } from './ProvisionalMarker.js';
import { TrackSelect, useTrackVariants } from './TrackChoice.js';

/** "+0.412 (slower)", "-0.300 (faster)", or that a time is missing. */
function gapWords(rival: MyRivalDto): string {
  if (rival.gapMs === null) return rival.best ? 'You have no time here yet' : 'No time here yet';
  if (rival.gapMs === 0) return 'Level with you';
  return rival.gapMs > 0 ? `${gapText(rival.gapMs)} behind you` : `${gapText(-rival.gapMs).replace('+', '')} ahead of you`;
}

function RivalList({ rivals, label, onRemove, busy }: { rivals: MyRivalDto[]; label: string; onRemove: (rival: MyRivalDto) => void; busy: boolean }) {
  if (rivals.length === 0) return <Typography color="text.secondary">No rivals picked yet.</Typography>;
  return (
    <List aria-label={label} dense>
      {rivals.map((rival) => (
        <ListItem
          key={rival.id}
          divider
          secondaryAction={
            <Button size="small" onClick={() => onRemove(rival)} disabled={busy} aria-label={`Remove ${rival.profile.name}`}>
              Remove
            </Button>
          }
        >
          <ListItemText
            primary={
              <Link component={RouterLink} to={pathTo('PublicProfile', { profile: rival.profile.id })}>
                {rival.profile.name}
              </Link>
            }
            secondary={
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                {rival.best ? `${rival.best.timeAsText} (${rival.best.car.name})` : null}
                {rival.best?.provisional && <ProvisionalMarker />}
                <span>{gapWords(rival)}</span>
                <span>{rival.trackId === null ? '· whole game' : '· this track'}</span>
              </Box>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * `/profile/rivals` (SPEC §2, issue #12): pick rivals per game or per track and platform from the
 * drivers with times there, and see the gap to each on the current track.
 */
export default function ProfileRivalsPage() {
  const schedule = useQuery(rivalsQueries.scheduleLive());
  const games = useQuery(catalogueQueries.games());
  const [platform, setPlatform] = useState<Platform>('PC');
  const [chosenGame, setChosenGame] = useState<number | null>(null);
  const [chosenTrack, setChosenTrack] = useState<number | null>(null);

  // Until chosen: the game and current track of the first server for the platform.
  const server = schedule.data?.find((candidate) => candidate.platforms.includes(platform) && candidate.currentTrack) ?? null;
  const gameId = chosenGame ?? server?.game.id ?? games.data?.[0]?.id ?? null;
  const variants = useTrackVariants(gameId);
  const currentTrack = server && server.game.id === gameId ? (server.currentTrack?.id ?? null) : null;
  const trackId = chosenTrack ?? currentTrack ?? variants[0]?.id ?? null;

  const onTrack = useQuery({ ...rivalsQueries.meOnTrack(trackId ?? 0, platform), enabled: trackId !== null });
  const forGame = useQuery({ ...rivalsQueries.myForGame(gameId ?? 0, platform), enabled: gameId !== null });
  const candidates = useQuery({ ...rivalsQueries.trackCandidates(trackId ?? 0, platform), enabled: trackId !== null });

  const change = useMutation({ mutationFn: useChangeRival() });
  const remove = (rival: MyRivalDto) =>
    change.mutate({ pick: false, request: { profileId: rival.profile.id, gameId: rival.gameId, trackId: rival.trackId, platform: rival.platform } });
  const pick = (profileId: number, forTrack: boolean) =>
    gameId !== null && change.mutate({ pick: true, request: { profileId, gameId, trackId: forTrack ? trackId : null, platform } });

  const trackName = variants.find((variant) => variant.id === trackId)?.label ?? 'this track';
  // The track's answer holds the game's rivals too, with their times on the track shown: the gaps to show.
  const gameRivals = onTrack.data ? onTrack.data.rivals.filter((rival) => rival.trackId === null) : (forGame.data ?? []);
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>My rivals</PageTitle>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <TextField select size="small" label="Platform" value={platform} onChange={(event) => setPlatform(event.target.value as Platform)} sx={{ minWidth: 160 }}>
          {PLATFORMS.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {PLATFORM_LABELS[choice]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Game"
          value={gameId === null ? '' : String(gameId)}
          onChange={(event) => {
            setChosenGame(Number(event.target.value));
            setChosenTrack(null);
          }}
          sx={{ minWidth: 200 }}
        >
          {(games.data ?? []).map((game) => (
            <MenuItem key={game.id} value={String(game.id)}>
              {game.name}
            </MenuItem>
          ))}
        </TextField>
        <TrackSelect
          variants={variants}
          trackId={trackId}
          onChange={setChosenTrack}
          helperText={trackId !== null && trackId === currentTrack ? 'The current track of the rotation' : undefined}
          minWidth={240}
        />
      </Box>

      {gameId === null ? (
        <EmptyState title="No games yet">Rivals are picked per game and platform.</EmptyState>
      ) : (
        <Stack spacing={3}>
          <Box component="section" aria-labelledby="rivals-on-track">
            <Typography id="rivals-on-track" variant="h5" component="h2" gutterBottom>
              On {trackName}
            </Typography>
            {onTrack.data && (
              <Typography gutterBottom>
                {onTrack.data.best ? `Your best: ${onTrack.data.best.timeAsText} (P${onTrack.data.best.position})` : 'You have no time here yet.'}{' '}
                {trackId !== null && (
                  <Link component={RouterLink} to={pathTo('Rivals', { platform: platform.toLowerCase(), game: gameId, track: trackId })}>
                    Open the board
                  </Link>
                )}
              </Typography>
            )}
            {onTrack.isPending && trackId !== null ? (
              <Typography role="status">Loading…</Typography>
            ) : (
              <RivalList rivals={onTrack.data?.rivals ?? []} label={`Rivals on ${trackName}`} onRemove={remove} busy={change.isPending} />
            )}
          </Box>

          <Box component="section" aria-labelledby="rivals-for-game">
            <Typography id="rivals-for-game" variant="h5" component="h2" gutterBottom>
              For the whole game
            </Typography>
            {trackId !== null && (
              <Typography color="text.secondary" gutterBottom>
                Their times on {trackName}.
              </Typography>
            )}
            <RivalList rivals={gameRivals} label="Rivals for the game" onRemove={remove} busy={change.isPending} />
          </Box>

          <Box component="section" aria-labelledby="rivals-candidates">
            <Typography id="rivals-candidates" variant="h5" component="h2" gutterBottom>
              Pick rivals
            </Typography>
            <Typography color="text.secondary" gutterBottom>
              Drivers with a time on {trackName} ({PLATFORM_LABELS[platform]}). You are told in the header when one of them beats you.
            </Typography>
            {candidates.isPending && trackId !== null ? (
              <Typography role="status">Loading drivers…</Typography>
            ) : (candidates.data?.content ?? []).length === 0 ? (
              <EmptyState title="No drivers with a time here yet" />
            ) : (
              <List aria-label="Drivers to pick" dense>
                {(candidates.data?.content ?? []).map((candidate) => (
                  <ListItem key={candidate.profile.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <ListItemText primary={candidate.profile.name} secondary={candidate.best ? candidate.best.timeAsText : undefined} />
                    {candidate.picked ? (
                      <Typography variant="body2" color="text.secondary">
                        Picked
                      </Typography>
                    ) : (
                      <Box sx={{ display: 'flex', gap: 1 }}>
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={change.isPending}
                          onClick={() => pick(candidate.profile.id, true)}
                          aria-label={`Pick ${candidate.profile.name} for this track`}
                        >
                          For this track
                        </Button>
                        <Button
                          size="small"
                          disabled={change.isPending}
                          onClick={() => pick(candidate.profile.id, false)}
                          aria-label={`Pick ${candidate.profile.name} for the game`}
                        >
                          For the game
                        </Button>
                      </Box>
                    )}
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      )}
    </Container>
  );
}
