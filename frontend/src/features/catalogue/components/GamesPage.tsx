import Container from '@mui/material/Container';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { IconLinkCell } from '../../../components/IconLinkCell.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { NewItemLink, TitleBar } from '../../../components/TitleBar.js';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_LABELS } from '../../events/index.js';
import { catalogueQueries } from '../api.js';
import { pathTo } from '../../../app/routes/routeTable.js';

/** Admin-Games: every game with its platforms and crossplay groups. */
export default function GamesPage() {
  const games = useQuery(catalogueQueries.games());
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Games">
        <NewItemLink to={pathTo('Admin-Game', { game: 'new' })}>New game</NewItemLink>
      </TitleBar>
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
                <IconLinkCell icon={game.icon} iconSize={28} to={pathTo('Admin-Game', { game: game.id })} name={game.name} />
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
