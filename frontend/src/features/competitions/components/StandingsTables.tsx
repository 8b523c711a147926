import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { keyframes } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { bareDriverName } from '../labels.js';
import { Abbr } from '../../../components/Abbr.js';
import { visuallyHidden } from '../../../components/visuallyHidden.js';
import type { DriverStandingDto, SeasonDto, StandingsDto, TeamStandingDto } from '../types.js';

/** One round's column: its event, numbered as in the season; `unpublished` in an organizer's preview. */
export interface RoundColumn {
  eventId: number;
  round: number;
  name: string;
  unpublished: boolean;
}

/** The round columns: the season's events by round, or (season not loaded) the rounds the standings name. */
export function roundColumns(season: Pick<SeasonDto, 'events'> | undefined, standings: StandingsDto): RoundColumn[] {
  const unpublished = (eventId: number) => standings.unpublishedEventIds.includes(eventId);
  if (season) return [...season.events].sort((a, b) => a.round - b.round).map(({ id, round, name }) => ({ eventId: id, round, name, unpublished: unpublished(id) }));
  const first = standings.drivers[0]?.rounds ?? standings.teams[0]?.rounds ?? [];
  return first.map(({ eventId }, index) => ({ eventId, round: index + 1, name: `Round ${index + 1}`, unpublished: unpublished(eventId) }));
}

const flash = keyframes`
  from { background-color: rgb(var(--mui-palette-warning-mainChannel) / 0.45); }
  to { background-color: transparent; }
`;

/** A changed row flashes; with reduced motion it is marked without moving (a steady tint and outline). */
const changedRow: SxProps<Theme> = {
  '&[data-changed="true"] > *': { animation: `${flash} 3s ease-out` },
  '@media (prefers-reduced-motion: reduce)': {
    '&[data-changed="true"] > *': { animation: 'none', backgroundColor: 'rgb(var(--mui-palette-warning-mainChannel) / 0.2)' },
  },
};

// The first two columns stay in view while the rounds scroll sideways on a phone.
const POSITION_WIDTH = 48;
const sticky = (left: number): SxProps<Theme> => ({ position: 'sticky', left, zIndex: 1, bgcolor: 'background.paper' });
const stickyPosition: SxProps<Theme> = { ...sticky(0), width: POSITION_WIDTH, minWidth: POSITION_WIDTH, maxWidth: POSITION_WIDTH };
const stickyName: SxProps<Theme> = { ...sticky(POSITION_WIDTH), minWidth: 160, borderRight: 1, borderColor: 'divider' };

/** A team's colour as a small swatch; its name is written beside it. */
function TeamSwatch({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 4, height: '1.2em', borderRadius: 0.5, bgcolor: colour, mr: 1, verticalAlign: 'middle', flexShrink: 0 }}
    />
  );
}

/** Points of one round: blank when the driver did not take part, struck through when the round is dropped. */
function RoundPoints({ points, dropped }: { points: number | null; dropped: boolean }) {
  if (points === null) return <span aria-label="did not take part">–</span>;
  if (!dropped) return <>{points}</>;
  return (
    <Box component="s" sx={{ color: 'text.secondary' }} title="Dropped round: does not count">
      {points}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (dropped)
      </Box>
    </Box>
  );
}

function NumberHead({ children }: { children: ReactNode }) {
  return (
    <TableCell scope="col" align="right">
      {children}
    </TableCell>
  );
}

/** Both standings' head: position and name (they stay in view), what comes before the points, the points, each round, what comes after. */
function StandingsHead({ name, rounds, beforePoints, afterRounds }: { name: string; rounds: RoundColumn[]; beforePoints?: ReactNode; afterRounds?: ReactNode }) {
  return (
    <TableHead>
      <TableRow>
        <TableCell scope="col" sx={stickyPosition}>
          <Abbr title="Position">Pos</Abbr>
        </TableCell>
        <TableCell scope="col" sx={stickyName}>
          {name}
        </TableCell>
        {beforePoints}
        <NumberHead>Points</NumberHead>
        <RoundHeads rounds={rounds} />
        {afterRounds}
      </TableRow>
    </TableHead>
  );
}

function RoundHeads({ rounds }: { rounds: RoundColumn[] }) {
  return rounds.map((round) => (
    <TableCell key={round.eventId} scope="col" align="right" title={round.name}>
      <Abbr title={round.name}>R{round.round}</Abbr>
      {round.unpublished && (
        <Box component="small" sx={{ display: 'block', fontWeight: 'normal', color: 'text.secondary', whiteSpace: 'nowrap' }}>
          Not published
        </Box>
      )}
    </TableCell>
  ));
}

/** An organizer's preview counts rounds visitors do not see yet: says which (nothing for everyone else). */
export function UnpublishedNote({ rounds }: { rounds: RoundColumn[] }) {
  const unpublished = rounds.filter((round) => round.unpublished);
  if (!unpublished.length) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="note">
      Not published: {unpublished.map((round) => `R${round.round} ${round.name}`).join(', ')}. These standings count {unpublished.length === 1 ? 'it' : 'them'}; visitors see
      them once published.
    </Typography>
  );
}

/** A gain shown beside the points while the row is highlighted. */
function Gain({ points }: { points: number | undefined }) {
  if (points === undefined || points === 0) return null;
  return (
    <Box component="span" sx={{ ml: 0.5, fontSize: '0.8em', fontWeight: 600, color: 'text.primary' }}>
      {points > 0 ? `+${points}` : points}
    </Box>
  );
}

/** The scrolling frame: focusable so the rounds can be scrolled with the keyboard. */
function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{
        position: 'relative',
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
      }}
    >
      {children}
    </TableContainer>
  );
}

export interface DriverStandingsTableProps {
  drivers: DriverStandingDto[];
  rounds: RoundColumn[];
  /** Drivers whose points just changed, with the points gained. */
  changed?: ReadonlyMap<number, number>;
  /** Only the first rows (a preview), without the round columns. */
  limit?: number;
}

/** The drivers' standings: position, number, name with team colour, points, each round (dropped ones struck), wins, podiums. */
export function DriverStandingsTable({ drivers, rounds, changed, limit }: DriverStandingsTableProps) {
  const rows = limit === undefined ? drivers : drivers.slice(0, limit);
  const showRounds = limit === undefined;
  return (
    <ScrollFrame label="Drivers' standings, scrolls sideways">
      <Table size="small" aria-label="Drivers' standings">
        <StandingsHead
          name="Driver"
          rounds={showRounds ? rounds : []}
          beforePoints={
            <NumberHead>
              <Abbr title="Driver number">No.</Abbr>
            </NumberHead>
          }
          afterRounds={
            <>
              <NumberHead>Wins</NumberHead>
              <NumberHead>Podiums</NumberHead>
            </>
          }
        />
        <TableBody>
          {rows.map((row) => {
            const byEvent = new Map(row.rounds.map((round) => [round.eventId, round]));
            const gain = changed?.get(row.profile.id);
            return (
              <TableRow key={row.profile.id} data-changed={gain !== undefined} sx={changedRow}>
                <TableCell sx={stickyPosition}>{row.position}</TableCell>
                <TableCell component="th" scope="row" sx={stickyName}>
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    {row.team && <TeamSwatch colour={row.team.colour} />}
                    <Box>
                      <Link component={RouterLink} to={pathTo('PublicProfile', { profile: row.profile.id })} underline="hover" sx={{ fontWeight: 600 }}>
                        {bareDriverName(row.profile.driverName, row.profile.driverNumber)}
                      </Link>
                      {row.team && (
                        <Box component="span" sx={{ display: 'block', fontSize: '0.8em', color: 'text.secondary' }}>
                          {row.team.name}
                        </Box>
                      )}
                    </Box>
                  </Box>
                </TableCell>
                <TableCell align="right">{row.profile.driverNumber ?? ''}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {row.points}
                  <Gain points={gain} />
                  {row.penaltyPoints > 0 && (
                    <Box component="span" sx={{ display: 'block', fontSize: '0.75em', fontWeight: 400, color: 'error.main' }}>
                      −{row.penaltyPoints} penalty
                    </Box>
                  )}
                </TableCell>
                {showRounds &&
                  rounds.map((round) => {
                    const points = byEvent.get(round.eventId);
                    return (
                      <TableCell key={round.eventId} align="right">
                        <RoundPoints points={points?.points ?? null} dropped={points?.dropped ?? false} />
                      </TableCell>
                    );
                  })}
                <TableCell align="right">{row.wins}</TableCell>
                <TableCell align="right">{row.podiums}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollFrame>
  );
}

export interface TeamStandingsTableProps {
  teams: TeamStandingDto[];
  rounds: RoundColumn[];
  changed?: ReadonlyMap<number, number>;
  limit?: number;
}

/** The teams' standings: position, team with its colour, points and each round. */
export function TeamStandingsTable({ teams, rounds, changed, limit }: TeamStandingsTableProps) {
  const rows = limit === undefined ? teams : teams.slice(0, limit);
  const showRounds = limit === undefined;
  return (
    <ScrollFrame label="Teams' standings, scrolls sideways">
      <Table size="small" aria-label="Teams' standings">
        <StandingsHead name="Team" rounds={showRounds ? rounds : []} />
        <TableBody>
          {rows.map((row) => {
            const byEvent = new Map(row.rounds.map((round) => [round.eventId, round.points]));
            const gain = changed?.get(row.team.id);
            return (
              <TableRow key={row.team.id} data-changed={gain !== undefined} sx={changedRow}>
                <TableCell sx={stickyPosition}>{row.position}</TableCell>
                <TableCell component="th" scope="row" sx={stickyName}>
                  <Box sx={{ display: 'flex', alignItems: 'center', fontWeight: 600 }}>
                    <TeamSwatch colour={row.team.colour} />
                    {row.team.name}
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {row.points}
                  <Gain points={gain} />
                </TableCell>
                {showRounds &&
                  rounds.map((round) => (
                    <TableCell key={round.eventId} align="right">
                      <RoundPoints points={byEvent.get(round.eventId) ?? null} dropped={false} />
                    </TableCell>
                  ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollFrame>
  );
}
