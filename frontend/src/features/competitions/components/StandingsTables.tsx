import { memo, type ReactNode } from 'react';
import { pathTo } from '../../../app/routes/routeTable.js';
import { Abbr } from '../../../components/Abbr.js';
import { Table, Text, TextLink } from '../../../components/ui/index.js';
import { bareDriverName } from '../labels.js';
import type { DriverStandingDto, SeasonDto, StandingsDto, TeamStandingDto } from '../types.js';
import './competitions.css';

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

// A changed row flashes (competitions.css: .pd-competitions-row[data-changed='true']); with reduced motion it is
// marked without moving. The first two columns stay in view while the rounds scroll sideways on a phone.

/** A team's colour as a small swatch; its name is written beside it. */
function TeamSwatch({ colour }: { colour: string }) {
  return <span aria-hidden className="pd-competitions-swatch" style={{ backgroundColor: colour }} />;
}

/** Points of one round: blank when the driver did not take part, struck through when the round is dropped. */
function RoundPoints({ points, dropped }: { points: number | null; dropped: boolean }) {
  if (points === null) return <span aria-label="did not take part">–</span>;
  if (!dropped) return <>{points}</>;
  return (
    <s className="pd-competitions-dropped" title="Dropped round: does not count">
      {points}
      <span className="pd-visually-hidden"> (dropped)</span>
    </s>
  );
}

function NumberHead({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="pd-num">
      {children}
    </th>
  );
}

/** Both standings' head: position and name (they stay in view), what comes before the points, the points, each round, what comes after. */
function StandingsHead({ name, rounds, beforePoints, afterRounds }: { name: string; rounds: RoundColumn[]; beforePoints?: ReactNode; afterRounds?: ReactNode }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="pd-competitions-sticky-position">
          <Abbr title="Position">Pos</Abbr>
        </th>
        <th scope="col" className="pd-competitions-sticky-name">
          {name}
        </th>
        {beforePoints}
        <NumberHead>Points</NumberHead>
        <RoundHeads rounds={rounds} />
        {afterRounds}
      </tr>
    </thead>
  );
}

function RoundHeads({ rounds }: { rounds: RoundColumn[] }) {
  return rounds.map((round) => (
    <th key={round.eventId} scope="col" className="pd-num" title={round.name}>
      <Abbr title={round.name}>R{round.round}</Abbr>
      {round.unpublished && <small className="pd-competitions-unpublished">Not published</small>}
    </th>
  ));
}

/** An organizer's preview counts rounds visitors do not see yet: says which (nothing for everyone else). */
export function UnpublishedNote({ rounds }: { rounds: RoundColumn[] }) {
  const unpublished = rounds.filter((round) => round.unpublished);
  if (!unpublished.length) return null;
  return (
    <Text variant="body2" tone="secondary" role="note">
      Not published: {unpublished.map((round) => `R${round.round} ${round.name}`).join(', ')}. These standings count {unpublished.length === 1 ? 'it' : 'them'}; visitors see
      them once published.
    </Text>
  );
}

/** A gain shown beside the points while the row is highlighted. */
function Gain({ points }: { points: number | undefined }) {
  if (points === undefined || points === 0) return null;
  return <span className="pd-competitions-gain">{points > 0 ? `+${points}` : points}</span>;
}

/** The table in its scrolling frame: focusable (a named region) so the rounds can be scrolled with the keyboard. */
function StandingsFrame({ label, region, children }: { label: string; region: string; children: ReactNode }) {
  return (
    <Table size="small" outlined aria-label={label} regionLabel={region} scrollClassName="pd-competitions-scroll" className="pd-competitions-standings">
      {children}
    </Table>
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

/**
 * The drivers' standings: position, number, name with team colour, points, each round (dropped ones struck), wins, podiums.
 * Memoised, as is the teams' table: a page redrawn for a background refetch (its progress bar) leaves a big table as it is.
 */
export const DriverStandingsTable = memo(function DriverStandingsTable({ drivers, rounds, changed, limit }: DriverStandingsTableProps) {
  const rows = limit === undefined ? drivers : drivers.slice(0, limit);
  const showRounds = limit === undefined;
  return (
    <StandingsFrame label="Drivers' standings" region="Drivers' standings, scrolls sideways">
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
      <tbody>
        {rows.map((row) => {
          const byEvent = new Map(row.rounds.map((round) => [round.eventId, round]));
          const gain = changed?.get(row.profile.id);
          return (
            <tr key={row.profile.id} data-changed={gain !== undefined} className="pd-competitions-row">
              <td className="pd-competitions-sticky-position">{row.position}</td>
              <th scope="row" className="pd-competitions-sticky-name">
                <span className="pd-competitions-name">
                  {row.team && <TeamSwatch colour={row.team.colour} />}
                  <span>
                    <TextLink to={pathTo('PublicProfile', { profile: row.profile.id })} className="pd-competitions-driver">
                      {bareDriverName(row.profile.driverName, row.profile.driverNumber)}
                    </TextLink>
                    {row.team && <span className="pd-competitions-team">{row.team.name}</span>}
                  </span>
                </span>
              </th>
              <td className="pd-num">{row.profile.driverNumber ?? ''}</td>
              <td className="pd-num pd-competitions-points">
                {row.points}
                <Gain points={gain} />
                {row.penaltyPoints > 0 && <span className="pd-competitions-penalty">−{row.penaltyPoints} penalty</span>}
              </td>
              {showRounds &&
                rounds.map((round) => {
                  const points = byEvent.get(round.eventId);
                  return (
                    <td key={round.eventId} className="pd-num">
                      <RoundPoints points={points?.points ?? null} dropped={points?.dropped ?? false} />
                    </td>
                  );
                })}
              <td className="pd-num">{row.wins}</td>
              <td className="pd-num">{row.podiums}</td>
            </tr>
          );
        })}
      </tbody>
    </StandingsFrame>
  );
});

export interface TeamStandingsTableProps {
  teams: TeamStandingDto[];
  rounds: RoundColumn[];
  changed?: ReadonlyMap<number, number>;
  limit?: number;
}

/** The teams' standings: position, team with its colour, points and each round. */
export const TeamStandingsTable = memo(function TeamStandingsTable({ teams, rounds, changed, limit }: TeamStandingsTableProps) {
  const rows = limit === undefined ? teams : teams.slice(0, limit);
  const showRounds = limit === undefined;
  return (
    <StandingsFrame label="Teams' standings" region="Teams' standings, scrolls sideways">
      <StandingsHead name="Team" rounds={showRounds ? rounds : []} />
      <tbody>
        {rows.map((row) => {
          const byEvent = new Map(row.rounds.map((round) => [round.eventId, round.points]));
          const gain = changed?.get(row.team.id);
          return (
            <tr key={row.team.id} data-changed={gain !== undefined} className="pd-competitions-row">
              <td className="pd-competitions-sticky-position">{row.position}</td>
              <th scope="row" className="pd-competitions-sticky-name">
                <span className="pd-competitions-name pd-competitions-team-name">
                  <TeamSwatch colour={row.team.colour} />
                  {row.team.name}
                </span>
              </th>
              <td className="pd-num pd-competitions-points">
                {row.points}
                <Gain points={gain} />
              </td>
              {showRounds &&
                rounds.map((round) => (
                  <td key={round.eventId} className="pd-num">
                    <RoundPoints points={byEvent.get(round.eventId) ?? null} dropped={false} />
                  </td>
                ))}
            </tr>
          );
        })}
      </tbody>
    </StandingsFrame>
  );
});
