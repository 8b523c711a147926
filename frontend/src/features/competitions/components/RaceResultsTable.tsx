import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { Abbr } from '../../../components/Abbr.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { RESULT_STATUS_LABELS, RESULT_STATUS_NAMES } from '../labels.js';
import { formatRaceTime, gapText } from '../raceTime.js';
import type { CoDriverDto, RaceResultDto } from '../types.js';

/** The league drivers of a classification (guests left out), co-drivers included: who raced, for a ticket. */
export function leagueDriversOf(results: RaceResultDto[]): { profileId: number; driverName: string }[] {
  return results
    .flatMap((line) => [line, ...line.coDrivers])
    .flatMap((driver) => (driver.profileId === null ? [] : [{ profileId: driver.profileId, driverName: driver.driverName }]));
}

/** "+30 s", "+1.5 s": time added after the race. */
export const penaltyText = (penaltyMs: number) => `+${Number((penaltyMs / 1000).toFixed(3))} s`;

/** A league driver links to their profile; a guest is shown by the file's name, marked as a guest. */
function DriverName({ driver }: { driver: Pick<CoDriverDto, 'profileId' | 'driverName' | 'guest'> }) {
  if (driver.profileId === null)
    return (
      <>
        {driver.driverName}{' '}
        <Box component="span" sx={{ fontSize: '0.75em', color: 'text.secondary' }}>
          (guest)
        </Box>
      </>
    );
  return (
    <Link component={RouterLink} to={pathTo('PublicProfile', { profile: driver.profileId })} underline="hover">
      {driver.driverName}
    </Link>
  );
}

/**
 * A race's classification: position, driver (to their profile; a guest by name) with the car's co-drivers
 * under them, team, laps, time or gap (with time added after the race), best lap, points, status and why.
 */
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
        <TableHeader
          columns={[
            { label: <Abbr title="Position">Pos</Abbr> },
            'Driver',
            teams && 'Team',
            { label: 'Laps', align: 'right' },
            { label: 'Time', align: 'right' },
            { label: 'Best lap', align: 'right' },
            { label: 'Points', align: 'right' },
            'Status',
          ]}
        />
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.position}>
              <TableCell>{line.position}</TableCell>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <DriverName driver={line} />
                {line.pole && (
                  <Box component="abbr" title="Pole position" sx={{ ml: 0.75, fontSize: '0.75em', textDecoration: 'none', color: 'primary.main' }}>
                    P
                  </Box>
                )}
                {line.coDrivers.length > 0 && (
                  <Box component="ul" aria-label={`Co-drivers of ${line.driverName}`} sx={{ listStyle: 'none', m: 0, p: 0, fontWeight: 400, fontSize: '0.875em' }}>
                    {line.coDrivers.map((coDriver, seat) => (
                      <li key={seat}>
                        <DriverName driver={coDriver} />
                      </li>
                    ))}
                  </Box>
                )}
              </TableCell>
              {teams && <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.teamName ?? ''}</TableCell>}
              <TableCell align="right">{line.laps}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {line.status !== 'FINISHED' ? '' : line === winner ? formatRaceTime(line.totalTimeMs) : gapText(winner, line) || formatRaceTime(line.totalTimeMs)}
                {line.penaltyMs ? (
                  <Box component="span" title="Time added after the race" sx={{ display: 'block', fontSize: '0.75em', color: 'warning.dark' }}>
                    {penaltyText(line.penaltyMs)}
                  </Box>
                ) : null}
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
                <Abbr title={RESULT_STATUS_NAMES[line.status]}>{RESULT_STATUS_LABELS[line.status]}</Abbr>
                {line.reason && (
                  <Box component="span" sx={{ display: 'block', fontSize: '0.75em', color: 'text.secondary', maxWidth: 240, whiteSpace: 'normal' }}>
                    {line.reason}
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
