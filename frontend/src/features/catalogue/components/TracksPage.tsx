import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useLoad } from '../../../components/useLoad.js';
import { catalogueApi } from '../api.js';
import { GameSelect } from './GameSelect.js';

/** Admin-Tracks: a game's tracks with their variants. */
export default function TracksPage() {
  const [searchParams] = useSearchParams();
  const games = useLoad(() => catalogueApi.games(), 'games');
  const [gameId, setGameId] = useState(searchParams.get('game') ?? '');
  useEffect(() => {
    if (!gameId && games.data?.[0]) setGameId(String(games.data[0].id));
  }, [gameId, games.data]);
  const tracks = useLoad(() => (gameId ? catalogueApi.tracksOf(Number(gameId)) : Promise.resolve([])), `tracks-${gameId}`);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <PageTitle>Tracks</PageTitle>
        <Button component={RouterLink} to={`/admin/tracks/new${gameId ? `?game=${gameId}` : ''}`} variant="contained">
          New track
        </Button>
      </Box>
      <GameSelect games={games.data ?? []} value={gameId} onChange={setGameId} />
      <Box sx={{ minHeight: 4, my: 1 }}>{tracks.loading && <LinearProgress aria-label="Loading tracks" />}</Box>
      {!tracks.loading && !tracks.data?.length ? (
        <EmptyState title="No tracks for this game yet" />
      ) : (
        <Table size="small" aria-label="Tracks">
          <TableHead>
            <TableRow>
              <TableCell>Track</TableCell>
              <TableCell>Country</TableCell>
              <TableCell>Variants</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(tracks.data ?? []).map((track) => (
              <TableRow key={track.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/admin/tracks/${track.id}`}>
                    {track.name}
                  </Link>
                </TableCell>
                <TableCell>{track.country}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/admin/tracks/${track.id}/variants`} aria-label={`Variants of ${track.name}: ${track.variants.map((v) => v.name).join(', ')}`}>
                    {track.variants.map((variant) => variant.name).join(', ')}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Container>
  );
}
