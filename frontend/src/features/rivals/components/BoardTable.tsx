import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import type { RivalBoardDto } from '@paddock/contracts/rivals.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { bandColour, bandLabel, percentOfLeader } from '../bands.js';
import { PLATFORM_LABELS } from '../labels.js';
import { ProvisionalMarker } from './ProvisionalMarker.js';

/** One page of a board: position, driver, car, time, gap to the leader and percent band, provisional marked. */
export function BoardTable({ board, label, highlightProfileId }: { board: RivalBoardDto; label: string; highlightProfileId: number | null }) {
  const combined = board.platform === null;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHeader
          columns={[
            { label: 'Pos', align: 'right' },
            'Driver',
            combined && 'Platform',
            'Car',
            { label: 'Time', align: 'right' },
            { label: 'Gap', align: 'right' },
            { label: 'Band', align: 'right' },
          ]}
        />
        <TableBody>
          {board.content.map((row) => (
            <TableRow key={row.id} selected={row.profile.id === highlightProfileId} sx={{ backgroundColor: bandColour(row.band) }}>
              <TableCell align="right">{row.position}</TableCell>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={pathTo('PublicProfile', { profile: row.profile.id })}>
                  {row.profile.name}
                </Link>
              </TableCell>
              {combined && <TableCell>{PLATFORM_LABELS[row.platform]}</TableCell>}
              <TableCell>{row.car.name}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', fontVariantNumeric: 'tabular-nums' }}>
                  {row.provisional && <ProvisionalMarker />}
                  {row.timeAsText}
                </Box>
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.gapAsText || '—'}
              </TableCell>
              <TableCell align="right" title={board.leaderMs ? `${percentOfLeader(row.timeMs, board.leaderMs)} % of the leader's time` : undefined}>
                {bandLabel(row.band)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
