import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { TableHeader } from '../../../components/TableHeader.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { NewItemLink, TitleBar } from '../../../components/TitleBar.js';
import { PLATFORM_LABELS } from '../../events/index.js';
import { teamQueries } from '../api.js';

/** Admin-Teams: every team with its game, platforms, captains and size; New team opens an empty form. */
export default function AdminTeamsPage() {
  const teams = useQuery(teamQueries.list());
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Teams">
        <NewItemLink to={pathTo('Admin-Team', { team: 'new' })}>New team</NewItemLink>
      </TitleBar>
      {teams.isPending ? (
        <CenteredLoader label="Loading teams" />
      ) : !teams.data?.length ? (
        <EmptyState title="No teams yet" />
      ) : (
        // Scrolls sideways in its box on a phone instead of widening the page.
        <Box sx={{ overflowX: 'auto' }} role="region" tabIndex={0} aria-label="Teams, scrolls sideways">
          <Table size="small" aria-label="Teams">
            <TableHeader columns={['Team', 'Game', { label: 'Platforms', from: 'sm' }, 'Captains', { label: 'Drivers', align: 'right' }]} />
            <TableBody>
              {teams.data.map((team) => (
                <TableRow key={team.id} hover>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: team.colour, flexShrink: 0 }} />
                      <Link component={RouterLink} to={pathTo('Admin-Team', { team: team.id })}>
                        {team.name}
                      </Link>
                      {team.tag && <Box component="span" sx={{ color: 'text.secondary' }}>{`[${team.tag}]`}</Box>}
                    </Box>
                  </TableCell>
                  <TableCell>{team.game?.name ?? 'Any'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{team.platforms.map((platform) => PLATFORM_LABELS[platform]).join(', ') || '—'}</TableCell>
                  <TableCell>
                    {team.members
                      .filter((member) => member.captain)
                      .map((member) => member.driverName)
                      .join(', ') || '—'}
                  </TableCell>
                  <TableCell align="right">{team.members.length}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Container>
  );
}
