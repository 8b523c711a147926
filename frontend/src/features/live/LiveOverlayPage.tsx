import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { routeId } from '../../components/routeId.js';
import { lapTime } from './timing/format.js';
import { useLiveTiming } from './timing/liveTiming.js';
import { useLapTicker, type TickerItem } from './timing/ticker.js';
import { TimingTower } from './timing/TimingTower.js';
import './overlay.css';

export const OVERLAY_DEFAULTS = { width: 480, rows: 10 } as const;

/** A whole number query parameter within [min, max], else `fallback`. */
function sizeParam(value: string | null, min: number, max: number, fallback: number): number {
  const parsed = value === null || !/^\d+$/.test(value) ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
}

/** While shown, the page behind the overlay is transparent: the stream shows through it in the streaming software. */
function useTransparentPage() {
  useEffect(() => {
    const targets = [document.documentElement, document.body];
    const before = targets.map((element) => element.style.background);
    for (const element of targets) element.style.background = 'transparent';
    return () => targets.forEach((element, index) => (element.style.background = before[index] ?? ''));
  }, []);
}

function Ticker({ items }: { items: TickerItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="pd-overlay__ticker" aria-label="Latest laps">
      {items.map((item) => (
        <li key={item.id} className={`pd-overlay__tick pd-overlay__tick--${item.kind}`}>
          <span className="pd-overlay__tick-kind">{item.kind === 'fastest' ? 'Fastest lap' : `Lap ${item.lap}`}</span>{' '}
          {item.raceNumber !== null && <span className="pd-overlay__tick-number">#{item.raceNumber}</span>} {item.driverName} {lapTime(item.lapMs)}
          {item.personalBest && item.kind === 'lap' && ' (personal best)'}
        </li>
      ))}
    </ul>
  );
}

/**
 * `/live/overlay/:raceId?width=&rows=`: the race's timing tower and a ticker of laps and fastest laps, on a
 * transparent page with no site chrome, for a streaming software's browser source. Nothing shows until the race
 * has timing (a stream should not carry a loader or an apology).
 */
export default function LiveOverlayPage() {
  const raceId = routeId(useParams().raceId);
  const [params] = useSearchParams();
  const width = sizeParam(params.get('width'), 160, 3840, OVERLAY_DEFAULTS.width);
  const rows = sizeParam(params.get('rows'), 1, 100, OVERLAY_DEFAULTS.rows);
  useTransparentPage();
  useEffect(() => {
    document.title = 'Live timing overlay';
  }, []);
  const timing = useLiveTiming(raceId);
  const ticker = useLapTicker(timing.data ?? null);
  return (
    <div className="pd-overlay" style={{ width }} data-testid="live-overlay">
      <h1 className="pd-tower__sr">Live timing</h1>
      {timing.data ? (
        <>
          <TimingTower timing={timing.data} variant="overlay" rows={rows} />
          <Ticker items={ticker} />
        </>
      ) : (
        <p className="pd-tower__sr" role="status">
          {timing.isPending && raceId !== null ? 'Loading live timing' : 'No live timing for this race'}
        </p>
      )}
    </div>
  );
}
