import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { LiveCar, LiveTiming } from '@paddock/contracts/timing.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { clock, FLAG_LABELS, gapToLeader, intervalToAhead, lapTime, SESSION_LABELS, sessionProgress, towerSummary } from './format.js';
import './timing.css';

/** A mark beside a time (FL, PB): seen as a badge, heard as words, so it never rests on colour alone. */
function Mark({ short, spoken, tone }: { short: string; spoken: string; tone: 'session' | 'personal' }) {
  return (
    <>
      <span className={`pd-tower__mark pd-tower__mark--${tone}`} aria-hidden="true" title={spoken}>
        {short}
      </span>
      <span className="pd-tower__sr"> ({spoken})</span>
    </>
  );
}

const SESSION_BEST = { short: 'FL', spoken: 'fastest lap of the session', tone: 'session' } as const;
const PERSONAL_BEST = { short: 'PB', spoken: 'personal best', tone: 'personal' } as const;

function Where({ car }: { car: LiveCar }) {
  if (car.location === 'PIT') return <span className="pd-tower__where pd-tower__where--pit">In pit</span>;
  if (car.location === 'OUT_LAP') return <span className="pd-tower__where pd-tower__where--out">Out lap</span>;
  if (!car.connected) return <span className="pd-tower__where">Left</span>;
  return <span className="pd-tower__sr">On track</span>;
}

function LastLap({ car, timing }: { car: LiveCar; timing: LiveTiming }) {
  const sessionBest = car.lastLapMs !== null && car.carId === timing.sessionBestCarId && car.lastLapMs === timing.sessionBestLapMs;
  return (
    <>
      {lapTime(car.lastLapMs)}
      {sessionBest ? <Mark {...SESSION_BEST} /> : car.lastLapPersonalBest && car.lastLapMs !== null ? <Mark {...PERSONAL_BEST} /> : null}
    </>
  );
}

function BestLap({ car, timing }: { car: LiveCar; timing: LiveTiming }) {
  const sessionBest = car.bestLapMs !== null && car.carId === timing.sessionBestCarId;
  return (
    <>
      {lapTime(car.bestLapMs)}
      {sessionBest && <Mark {...SESSION_BEST} />}
    </>
  );
}

function Driver({ car, links }: { car: LiveCar; links: boolean }) {
  if (links && car.profileId !== null)
    return (
      <RouterLink className="pd-tower__driver-link" to={pathTo('PublicProfile', { profile: car.profileId })}>
        {car.driverName}
      </RouterLink>
    );
  return <>{car.driverName}</>;
}

/** The flag as a swatch and its name, with the session and where it stands. */
export function SessionBar({ timing }: { timing: LiveTiming }) {
  const { session } = timing;
  return (
    <div className="pd-tower__session">
      <span className={`pd-tower__flag pd-tower__flag--${session.flag.toLowerCase()}`}>
        <span className="pd-tower__flag-swatch" aria-hidden="true" />
        {FLAG_LABELS[session.flag]}
      </span>
      <span>
        {SESSION_LABELS[session.kind]} · {sessionProgress(timing)}
      </span>
      <span>
        Elapsed <time dateTime={`PT${Math.floor(session.elapsedMs / 1000)}S`}>{clock(session.elapsedMs)}</time>
      </span>
    </div>
  );
}

function Column({ children, title, numeric = false }: { children: ReactNode; title?: string; numeric?: boolean }) {
  return (
    <th scope="col" title={title} className={numeric ? 'pd-tower__num' : undefined}>
      {title ? (
        <>
          <span aria-hidden="true">{children}</span>
          <span className="pd-tower__sr">{title}</span>
        </>
      ) : (
        children
      )}
    </th>
  );
}

export interface TimingTowerProps {
  timing: LiveTiming;
  /** The overlay: compact, at most `rows` cars, names without links, no legend. */
  variant?: 'page' | 'overlay';
  rows?: number;
}

/**
 * The timing tower: the session's flag and clock, then every car in position order. Screen readers hear a
 * polite summary when the flag, the lap or the leader changes, never each cell as frames arrive.
 */
export function TimingTower({ timing, variant = 'page', rows }: TimingTowerProps) {
  const overlay = variant === 'overlay';
  const cars = rows === undefined ? timing.cars : timing.cars.slice(0, rows);
  const where = [timing.trackName, SESSION_LABELS[timing.session.kind]].filter((part) => part !== null).join(', ');
  return (
    <div className={`pd-tower pd-tower--${variant}`}>
      <SessionBar timing={timing} />
      <p className="pd-tower__sr" role="status" aria-live="polite" aria-atomic="true">
        {towerSummary(timing)}
      </p>
      <div className="pd-tower__scroll" tabIndex={overlay ? undefined : 0} role={overlay ? undefined : 'region'} aria-label={overlay ? undefined : 'Timing tower'}>
        <table className="pd-tower__table">
          <caption className={overlay ? 'pd-tower__sr' : 'pd-tower__caption'}>Live timing: {where}</caption>
          <thead>
            <tr>
              <Column numeric title="Position">
                Pos
              </Column>
              <Column numeric title="Car number">
                No.
              </Column>
              <Column>Driver</Column>
              <Column numeric>Laps</Column>
              <Column numeric>Gap</Column>
              <Column numeric title="Interval">
                Int.
              </Column>
              <Column numeric>Last</Column>
              <Column numeric>Best</Column>
              <Column title="Pit or out lap">Pit</Column>
              {!overlay && <Column>Car</Column>}
            </tr>
          </thead>
          <tbody>
            {cars.map((car) => (
              <tr key={car.carId} className={car.location === 'TRACK' ? undefined : 'pd-tower__row--pit'}>
                <td className="pd-tower__num">{car.position}</td>
                <td className="pd-tower__num">{car.raceNumber ?? '—'}</td>
                <th scope="row" className="pd-tower__driver">
                  <Driver car={car} links={!overlay} />
                </th>
                <td className="pd-tower__num">{car.laps}</td>
                <td className="pd-tower__num">{gapToLeader(car)}</td>
                <td className="pd-tower__num">{intervalToAhead(car)}</td>
                <td className="pd-tower__num">
                  <LastLap car={car} timing={timing} />
                </td>
                <td className="pd-tower__num">
                  <BestLap car={car} timing={timing} />
                </td>
                <td>
                  <Where car={car} />
                </td>
                {!overlay && <td className="pd-tower__car">{car.carModel ?? '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!overlay && (
        <p className="pd-tower__legend">
          <span className="pd-tower__mark pd-tower__mark--session" aria-hidden="true">
            FL
          </span>{' '}
          fastest lap of the session ·{' '}
          <span className="pd-tower__mark pd-tower__mark--personal" aria-hidden="true">
            PB
          </span>{' '}
          personal best
        </p>
      )}
    </div>
  );
}
