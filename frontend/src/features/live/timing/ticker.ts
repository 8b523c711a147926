import { useEffect, useRef, useState } from 'react';
import type { LiveTiming } from '@paddock/contracts/timing.js';

/** A line of the overlay's ticker: a lap someone just completed, or a new fastest lap of the session. */
export interface TickerItem {
  /** Unique within the race (car, lap and kind). */
  id: string;
  kind: 'lap' | 'fastest';
  carId: number;
  driverName: string;
  raceNumber: number | null;
  lap: number;
  lapMs: number;
  personalBest: boolean;
}

/** What happened between two timings of the same race: laps completed (with their times) and a new session best. */
export function lapEvents(previous: LiveTiming | null, next: LiveTiming): TickerItem[] {
  if (!previous || previous.raceId !== next.raceId) return [];
  const lapsBefore = new Map(previous.cars.map((car) => [car.carId, car.laps]));
  const items: TickerItem[] = [];
  for (const car of next.cars) {
    const before = lapsBefore.get(car.carId);
    if (before === undefined || car.laps <= before || car.lastLapMs === null) continue;
    const entry = { carId: car.carId, driverName: car.driverName, raceNumber: car.raceNumber, lap: car.laps, lapMs: car.lastLapMs };
    const fastest = next.sessionBestCarId === car.carId && next.sessionBestLapMs === car.lastLapMs && next.sessionBestLapMs !== previous.sessionBestLapMs;
    items.push({ ...entry, id: `${car.carId}:${car.laps}:${fastest ? 'fastest' : 'lap'}`, kind: fastest ? 'fastest' : 'lap', personalBest: car.lastLapPersonalBest });
  }
  // Fastest laps first: they are the news.
  return items.sort((a, b) => Number(b.kind === 'fastest') - Number(a.kind === 'fastest'));
}

/** The latest `size` ticker items of the timing shown, newest first. */
export function useLapTicker(timing: LiveTiming | null, size = 3): TickerItem[] {
  const previous = useRef<LiveTiming | null>(null);
  const [items, setItems] = useState<TickerItem[]>([]);
  useEffect(() => {
    if (!timing) return;
    const fresh = lapEvents(previous.current, timing);
    previous.current = timing;
    if (fresh.length > 0) setItems((shown) => [...fresh, ...shown.filter((item) => !fresh.some((added) => added.id === item.id))].slice(0, size));
  }, [timing, size]);
  return items;
}
