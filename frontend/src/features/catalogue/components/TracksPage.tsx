import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.js';
import { IconLinkCell } from '../../../components/IconLinkCell.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { NewItemLink, TitleBar } from '../../../components/TitleBar.js';
import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from '../api.js';
import { GameSelect } from './GameSelect.js';
import { pathTo } from '../../../app/routes/routeTable.js';

/** Admin-Tracks: a game's tracks with their variants. */
export default function TracksPage() {
  const [searchParams] = useSearchParams();
  const games = useQuery(catalogueQueries.games());
  const [gameId, setGameId] = useState(searchParams.get('game') ?? '');
  useEffect(() => {
    if (!gameId && games.data?.[0]) setGameId(String(games.data[0].id));
  }, [gameId, games.data]);
  const tracks = useQuery(catalogueQueries.tracksOf(gameId ? Number(gameId) : null));
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Tracks">
        <NewItemLink to={`${pathTo('Admin-Track', { track: 'new' })}${gameId ? `?game=${gameId}` : ''}`}>New track</NewItemLink>
      </TitleBar>
      <GameSelect games={games.data ?? []} value={gameId} onChange={setGameId} />
      <Box sx={{ minHeight: 4, my: 1 }}>{tracks.isFetching && <LinearProgress aria-label="Loading tracks" />}</Box>
      {!tracks.isFetching && !tracks.data?.length ? (
        <EmptyState title="No tracks for this game yet" />
      ) : (
        <Table size="small" aria-label="Tracks">
          <TableHeader columns={['Track', 'Country', 'Variants']} />
          <TableBody>
            {(tracks.data ?? []).map((track) => (
              <TableRow key={track.id} hover>
                <IconLinkCell icon={track.icon} iconSize={28} to={pathTo('Admin-Track', { track: track.id })} name={track.name} />
                <TableCell>{track.country}</TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={pathTo('Admin-Track-Variants', { track: track.id })}
                    aria-label={`Variants of ${track.name}: ${track.variants.map((v) => v.name).join(', ')}`}
                  >
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
