import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { ApiError } from '../../../lib/api/client.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { usePaging } from '../../../components/usePaging.js';
import { sessionAtom } from '../../auth/index.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { rivalsQueries, type BoardPlatform } from '../api.js';
import { BOARD_PLATFORMS, boardPlatformLabel, boardPlatformOf, trackLabel } from '../labels.js';
import { BoardTable } from './BoardTable.js';
import { MyTimesPanel } from './MyTimesPanel.js';
import { TrackSelect, useTrackVariants } from './TrackChoice.js';

/** `/rivals/{platform?}/{game?}/{track?}` (SPEC §2): choose platform (or all), game and track; the board of that track, 25 a page, live. */
export default function RivalsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const { loggedIn, profileId } = useAtomValue(sessionAtom);
  const platform = boardPlatformOf(params.platform);
  const trackId = routeId(params.track);
  const { paging, request, setPaging } = usePaging();

  // `/rivals` alone opens the board of the rotation's current track (the first server's).
  const schedule = useQuery({ ...rivalsQueries.scheduleLive(), enabled: trackId === null && params.game === undefined });
  const current = schedule.data?.find((server) => server.currentTrack && (platform === 'ALL' || server.platforms.includes(platform)));
  useEffect(() => {
    if (!current?.currentTrack) return;
    navigate(pathTo('Rivals', { platform: platform.toLowerCase(), game: current.game.id, track: current.currentTrack.id }), { replace: true });
  }, [current, navigate, platform]);

  const board = useQuery({ ...rivalsQueries.board(trackId ?? 0, platform, request.pageNumber, request.pageSize), enabled: trackId !== null });
  // The game comes from the path when it is a known one, or from the board (a link may name only the track).
  const games = useQuery(catalogueQueries.games());
  const pathGame = routeId(params.game);
  const knownPathGame = games.data?.some((game) => game.id === pathGame) ? pathGame : null;
  const gameId = knownPathGame ?? board.data?.game.id ?? null;
  const variants = useTrackVariants(gameId);

  const go = (next: { platform?: BoardPlatform; game?: number | null; track?: number | null }) => {
    const nextPlatform = (next.platform ?? platform).toLowerCase();
    const nextGame = next.game === undefined ? gameId : next.game;
    const nextTrack = next.track === undefined ? trackId : next.track;
    navigate(
      pathTo('Rivals', { platform: nextPlatform, ...(nextGame !== null ? { game: nextGame } : {}), ...(nextGame !== null && nextTrack !== null ? { track: nextTrack } : {}) }),
    );
  };

  const title = board.data ? `Rivals: ${trackLabel(board.data.track)}` : 'Rivals';
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Rivals</PageTitle>
      <Box component="form" aria-label="Choose a board" onSubmit={(event) => event.preventDefault()} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField select size="small" label="Platform" value={platform} onChange={(event) => go({ platform: event.target.value as BoardPlatform })} sx={{ minWidth: 180 }}>
          {BOARD_PLATFORMS.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {boardPlatformLabel(choice)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Game"
          value={gameId === null ? '' : String(gameId)}
          onChange={(event) => go({ game: Number(event.target.value), track: null })}
          sx={{ minWidth: 220 }}
        >
          {(games.data ?? []).map((game) => (
            <MenuItem key={game.id} value={String(game.id)} sx={{ gap: 1 }}>
              <ImageIcon src={game.icon} size={20} />
              {game.name}
            </MenuItem>
          ))}
        </TextField>
        <TrackSelect
          variants={variants}
          trackId={trackId}
          onChange={(track) => go({ track })}
          disabled={gameId === null}
          helperText={gameId === null ? 'Choose a game first' : undefined}
          minWidth={260}
        />
      </Box>

      {trackId === null ? (
        <EmptyState title="Choose a game and a track">The board shows every driver's best lap there, fastest first.</EmptyState>
      ) : board.isPending ? (
        <Box role="status" aria-label="Loading the board">
          <Skeleton variant="rounded" height={400} />
        </Box>
      ) : board.isError ? (
        board.error instanceof ApiError && board.error.status === 404 ? (
          <EmptyState title="There is no such track">Check the link, or choose a game and a track above.</EmptyState>
        ) : (
          <LoadFailed title="This board could not be loaded" onRetry={() => void board.refetch()} />
        )
      ) : (
        <>
          <Typography variant="h5" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <ImageIcon src={board.data.game.icon} size={28} alt={board.data.game.name} />
            {trackLabel(board.data.track)} · {boardPlatformLabel(platform)}
          </Typography>
          {board.data.content.length === 0 ? (
            <EmptyState title="No times set yet">{loggedIn ? 'Be the first: set your time below.' : 'Sign in to set a time.'}</EmptyState>
          ) : (
            <>
              <BoardTable board={board.data} label={title} highlightProfileId={profileId} />
              <ListPagination label="Board pages" paging={paging} totalElements={board.data.totalElements} onChange={setPaging} />
            </>
          )}
        </>
      )}

      {loggedIn && profileId !== null && <MyTimesPanel defaults={{ gameId, trackId, platform: platform === 'ALL' ? null : platform }} />}
    </Container>
  );
}
