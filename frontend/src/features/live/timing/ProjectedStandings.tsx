import { Link as RouterLink } from 'react-router-dom';
import type { LiveStandingsMessage, LiveStandingsRow } from '@paddock/contracts/timing.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { useLiveStandings } from './liveTiming.js';
import './timing.css';

/** How a driver's place would change: an arrow and the places, seen and heard, never colour alone. */
function Change({ row }: { row: LiveStandingsRow }) {
  if (row.currentPosition === null)
    return (
      <span className="pd-projected__change pd-projected__change--new" title="new to the standings">
        new
      </span>
    );
  const places = row.currentPosition - row.position;
  if (places === 0)
    return (
      <span className="pd-projected__change">
        <span aria-hidden="true">–</span>
        <span className="pd-tower__sr">no change</span>
      </span>
    );
  const up = places > 0;
  const count = Math.abs(places);
  return (
    <span className={`pd-projected__change pd-projected__change--${up ? 'up' : 'down'}`}>
      <span aria-hidden="true">
        {up ? '▲' : '▼'} {count}
      </span>
      <span className="pd-tower__sr">
        {up ? 'up' : 'down'} {count} {count === 1 ? 'place' : 'places'} from P{row.currentPosition}
      </span>
    </span>
  );
}

export function ProjectedStandingsTable({ standings }: { standings: LiveStandingsMessage }) {
  if (standings.seasonId === null) return <EmptyState title="No season standings for this race">The race is not a round of a season, so it scores no standings.</EmptyState>;
  if (standings.rows.length === 0) return <EmptyState title="No standings yet">Nobody in the season would have points yet.</EmptyState>;
  return (
    <div className="pd-tower__scroll" tabIndex={0} role="region" aria-label="Projected standings">
      <table className="pd-tower__table pd-projected__table">
        <caption className="pd-tower__caption">Season standings if the race ended now</caption>
        <thead>
          <tr>
            <th scope="col" className="pd-tower__num">
              Pos
            </th>
            <th scope="col">Change</th>
            <th scope="col">Driver</th>
            <th scope="col" className="pd-tower__num">
              Points now
            </th>
            <th scope="col" className="pd-tower__num">
              Projected
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.rows.map((row) => (
            <tr key={row.profile.id}>
              <td className="pd-tower__num">{row.position}</td>
              <td>
                <Change row={row} />
              </td>
              <th scope="row" className="pd-tower__driver">
                <RouterLink className="pd-tower__driver-link" to={pathTo('PublicProfile', { profile: row.profile.id })}>
                  {row.profile.driverName}
                </RouterLink>
              </th>
              <td className="pd-tower__num">{row.points}</td>
              <td className="pd-tower__num pd-projected__points">
                {row.projectedPoints}
                {row.projectedPoints > row.points && <span className="pd-projected__gain"> (+{row.projectedPoints - row.points})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The season's standings were the live race to end now, moving with the order (pushed by the worker at most once a second). */
export function ProjectedStandings({ raceId }: { raceId: number }) {
  const standings = useLiveStandings(raceId);
  return (
    <section className="pd-projected" aria-labelledby="live-projected-heading">
      <h3 id="live-projected-heading" className="pd-projected__heading">
        If the race ended now
      </h3>
      {standings.data ? (
        <ProjectedStandingsTable standings={standings.data} />
      ) : (
        <EmptyState title="No projection yet">The season's standings show here once the race is running.</EmptyState>
      )}
    </section>
  );
}
