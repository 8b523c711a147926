import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { RESULT_STATUS_LABELS, RESULT_STATUS_NAMES } from '../labels.js';
import { formatRaceTime, gapText } from '../raceTime.js';
import type { RaceResultDto } from '../types.js';

/** A race's classification: position, driver (to their profile), team, laps, time or gap, best lap, points and status. */
export function RaceResultsTable({ results, label }: { results: RaceResultDto[]; label: string }) {
  if (results.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No results yet.
      </Typography>
    );
  }
  const lines = [...results].sort((a, b) => a.position - b.position);
  const winner = lines[0]!;
  const teams = lines.some((line) => line.teamName);
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrolls sideways`}
      sx={{ position: 'relative', overflowX: 'auto', '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' } }}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">
              <abbr title="Position" style={{ textDecoration: 'none' }}>
                Pos
              </abbr>
            </TableCell>
            <TableCell scope="col">Driver</TableCell>
            {teams && <TableCell scope="col">Team</TableCell>}
            <TableCell scope="col" align="right">
              Laps
            </TableCell>
            <TableCell scope="col" align="right">
              Time
            </TableCell>
            <TableCell scope="col" align="right">
              Best lap
            </TableCell>
            <TableCell scope="col" align="right">
              Points
            </TableCell>
            <TableCell scope="col">Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.profileId}>
              <TableCell>{line.position}</TableCell>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={pathTo('PublicProfile', { profile: line.profileId })} underline="hover">
                  {line.driverName}
                </Link>
                {line.pole && (
                  <Box component="abbr" title="Pole position" sx={{ ml: 0.75, fontSize: '0.75em', textDecoration: 'none', color: 'primary.main' }}>
                    P
                  </Box>
                )}
              </TableCell>
              {teams && <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.teamName ?? ''}</TableCell>}
              <TableCell align="right">{line.laps}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {line.status !== 'FINISHED' ? '' : line === winner ? formatRaceTime(line.totalTimeMs) : gapText(winner, line) || formatRaceTime(line.totalTimeMs)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: line.fastestLap ? 700 : undefined }}>
                {formatRaceTime(line.bestLapMs)}
                {line.fastestLap && (
                  <Box component="abbr" title="Fastest lap" sx={{ ml: 0.75, fontSize: '0.75em', textDecoration: 'none', color: 'secondary.dark' }}>
                    FL
                  </Box>
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {line.points}
              </TableCell>
              <TableCell>
                <abbr title={RESULT_STATUS_NAMES[line.status]} style={{ textDecoration: 'none' }}>
                  {RESULT_STATUS_LABELS[line.status]}
                </abbr>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
