import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_LABELS } from '../../events/index.js';
import { catalogueQueries } from '../api.js';
import { pathTo } from '../../../app/routes/routeTable.js';

/** Admin-Games: every game with its platforms and crossplay groups. */
export default function GamesPage() {
  const games = useQuery(catalogueQueries.games());
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <PageTitle>Games</PageTitle>
        <Button component={RouterLink} to={pathTo('Admin-Game', { game: 'new' })} variant="contained">
          New game
        </Button>
      </Box>
      {games.isPending ? (
        <CenteredLoader label="Loading games" />
      ) : !games.data?.length ? (
        <EmptyState title="No games yet" />
      ) : (
        <Table size="small" aria-label="Games">
          <TableHeader columns={['Game', 'Platforms', { label: 'Crossplay', from: 'sm' }]} />
          <TableBody>
            {games.data.map((game) => (
              <TableRow key={game.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <ImageIcon src={game.icon} size={28} />
                    <Link component={RouterLink} to={pathTo('Admin-Game', { game: game.id })}>
                      {game.name}
                    </Link>
                  </Box>
                </TableCell>
                <TableCell>{game.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{game.crossPlayPlatforms.map((group) => group.name).join(', ') || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Container>
  );
}
