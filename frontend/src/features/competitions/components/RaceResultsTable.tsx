import { pathTo } from '../../../app/routes/routeTable.js';
import { Abbr } from '../../../components/Abbr.js';
import { Table, TableHead, Text, TextLink } from '../../../components/ui/index.js';
import { RESULT_STATUS_LABELS, RESULT_STATUS_NAMES } from '../labels.js';
import { formatRaceTime, gapText } from '../raceTime.js';
import type { CoDriverDto, RaceResultDto } from '../types.js';
import './competitions.css';

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
        {driver.driverName} <span className="pd-competitions-guest">(guest)</span>
      </>
    );
  return (
    <TextLink to={pathTo('PublicProfile', { profile: driver.profileId })} className="pd-competitions-profile-link">
      {driver.driverName}
    </TextLink>
  );
}

/**
 * A race's classification: position, driver (to their profile; a guest by name) with the car's co-drivers
 * under them, team, laps, time or gap (with time added after the race), best lap, points, status and why.
 */
export function RaceResultsTable({ results, label }: { results: RaceResultDto[]; label: string }) {
  if (results.length === 0) {
    return (
      <Text variant="body2" tone="secondary">
        No results yet.
      </Text>
    );
  }
  const lines = [...results].sort((a, b) => a.position - b.position);
  const winner = lines[0]!;
  const teams = lines.some((line) => line.teamName);
  return (
    <Table size="small" aria-label={label} regionLabel={`${label}, scrolls sideways`} scrollClassName="pd-competitions-scroll">
      <TableHead
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
      <tbody>
        {lines.map((line) => (
          <tr key={line.position}>
            <td>{line.position}</td>
            <th scope="row" className="pd-competitions-nowrap">
              <DriverName driver={line} />
              {line.pole && (
                <abbr title="Pole position" className="pd-competitions-pole">
                  P
                </abbr>
              )}
              {line.coDrivers.length > 0 && (
                <ul aria-label={`Co-drivers of ${line.driverName}`} className="pd-competitions-co-drivers">
                  {line.coDrivers.map((coDriver, seat) => (
                    <li key={seat}>
                      <DriverName driver={coDriver} />
                    </li>
                  ))}
                </ul>
              )}
            </th>
            {teams && <td className="pd-competitions-nowrap">{line.teamName ?? ''}</td>}
            <td className="pd-num">{line.laps}</td>
            <td className="pd-num pd-competitions-time">
              {line.status !== 'FINISHED' ? '' : line === winner ? formatRaceTime(line.totalTimeMs) : gapText(winner, line) || formatRaceTime(line.totalTimeMs)}
              {line.penaltyMs ? (
                <span title="Time added after the race" className="pd-competitions-time-penalty">
                  {penaltyText(line.penaltyMs)}
                </span>
              ) : null}
            </td>
            <td className={line.fastestLap ? 'pd-num pd-competitions-time pd-competitions-fastest' : 'pd-num pd-competitions-time'}>
              {formatRaceTime(line.bestLapMs)}
              {line.fastestLap && (
                <abbr title="Fastest lap" className="pd-competitions-fastest-mark">
                  FL
                </abbr>
              )}
            </td>
            <td className="pd-num pd-competitions-strong">{line.points}</td>
            <td>
              <Abbr title={RESULT_STATUS_NAMES[line.status]}>{RESULT_STATUS_LABELS[line.status]}</Abbr>
              {line.reason && <span className="pd-competitions-reason">{line.reason}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
