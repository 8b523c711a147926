import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { REDIS } from '../infra/redis/redis.module.js';
import { startSimulation, type Simulation } from '../modules/timing/index.js';
import { TimingSource } from '../modules/timing/timing.entities.js';
import { TimingStore } from '../modules/timing/timing-store.js';
import { DEMO_LIVE_RACE, demoRaceResultFile } from './demo-live-race.js';

/** Twice real time: a race of about five minutes, the gaps moving all the time and a lap every ~55 s. */
const SPEED = 2;
/** How long the finished race (the chequered flag, the classification) stays on the tower before the next one. */
const SHOW_RESULT_MS = 30_000;
/** How long the ingester may take to save and let go of the race once its source is removed. */
const RELEASE_WAIT_MS = 15_000;

/**
 * Plays the demo's live race again and again into its timing source (seeded by demo-live-race.ts): before
 * each race the source is taken away, the last race's timing forgotten once the ingester has let go of it,
 * and the source put back with the simulated game listening, so the tower starts over at the grid.
 * Runs in the background: `npm start` does not wait for it, and a problem is logged, never thrown.
 */
export function startDemoLiveTiming(app: INestApplication, log: (line: string) => void): void {
  const orm = app.get(MikroORM);
  const store = app.get(TimingStore);
  const redis = app.get<Redis>(REDIS);
  let simulation: Simulation | null = null;

  const removeSource = async (raceId: number) => {
    await orm.em.fork().nativeDelete(TimingSource, { race: raceId });
    await store.announceSourceChange(raceId);
    const deadline = Date.now() + RELEASE_WAIT_MS;
    while ((await redis.exists(store.leaseKey(raceId))) && Date.now() < deadline) await sleep(250);
    await store.forget(raceId);
  };

  const putSource = async (raceId: number) => {
    const em = orm.em.fork();
    em.create(TimingSource, { race: raceId, game: 'ACC', host: DEMO_LIVE_RACE.host, port: DEMO_LIVE_RACE.port, password: DEMO_LIVE_RACE.password });
    await em.flush();
    await store.announceSourceChange(raceId);
  };

  const run = async () => {
    const source = await orm.em.fork().findOne(TimingSource, { game: 'ACC', host: DEMO_LIVE_RACE.host, port: DEMO_LIVE_RACE.port });
    if (!source) return;
    const raceId = source.race.id;
    for (let round = 1; ; round++) {
      await removeSource(raceId);
      await simulation?.close();
      simulation = null;
      simulation = await startSimulation({
        game: 'acc',
        source: demoRaceResultFile(round),
        port: DEMO_LIVE_RACE.port,
        host: DEMO_LIVE_RACE.host,
        password: DEMO_LIVE_RACE.password,
        speed: SPEED,
      });
      await putSource(raceId);
      if (round === 1)
        log(`Demo live timing: a simulated race on ${DEMO_LIVE_RACE.host}:${DEMO_LIVE_RACE.port} plays into the live event (DEMO_LIVE_TIMING=false turns it off)`);
      await simulation.finished;
      await sleep(SHOW_RESULT_MS);
    }
  };

  void run().catch((error: Error) => log(`Demo live timing stopped: ${error.message}`));
}
