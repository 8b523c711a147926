/**
 * `npm run bench:standings` — how long a season's standings take to recompute, and how long an
 * organizer's result save takes to reach a browser watching the season. A benchmark, not a test: it
 * prints two tables.
 *
 *   --runs N    measured recomputes per row (default 50; the pure function runs 4 × N)
 *   --saves N   measured result saves per season (default 30)
 *
 * The season measured is the largest the league plans for: 20 rounds × 3 races (sprint, race,
 * feature) × 60 drivers in 15 teams, every race with results, scored with every rule (bonuses,
 * minimum distance, best 16 of 20 with the last 2 kept, no-shows, DNF, team best 2).
 * 1. Recompute: the pure standings function on those results in memory; then what the worker does
 *    after ResultPosted (StandingsService.recompute: load the season's latest results from
 *    PostgreSQL, compute, store the snapshot and record its push), each run in a transaction that is
 *    rolled back, so the site's worker is not woken by it.
 * 2. End to end: PUT a race's results as the organizer → the outbox relay → the worker recomputes →
 *    `season.standings.changed` received by a socket in `season:{id}`; saves one after another, each
 *    the other of two classifications. Measured on the big season and on the demo league's SOLO season.
 *    Goal (issue 28): p95 ≤ 300 ms end to end on the big season (the demo season's row is held to it too).
 *    A third table breaks the big season's saves down by the pipeline trace (PADDOCK_PIPELINE_TRACE=1).
 *
 *   --prof DIR   the site writes V8's tick log to DIR/api.log (read it with `node --prof-process DIR/api.log`)
 * The site runs as `npm start` does (API + worker in one process, built) on a fresh demo database;
 * the big season is written into it here, through the results service (a revision per race).
 */
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import type { Principal } from '../../backend/src/common/principal.js';
import type { ClientEventMap } from '../../backend/src/contracts/client-events.js';
import type { CompetitionSummaryDto, PointsSystem, RaceResultLine, SeasonDto, StandingsDto } from '../../backend/src/contracts/competitions.js';
import type { Page } from '../../backend/src/contracts/api.js';
import type { RaceEventType } from '../../backend/src/contracts/events.js';
import { roleFlags } from '../../backend/src/contracts/roles.js';
import { ENTITIES } from '../../backend/src/entities.js';
import { databaseOptions } from '../../backend/src/infra/database/database.config.js';
import { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { Competition, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { ResultsService } from '../../backend/src/modules/competitions/results.service.js';
import { StandingsService } from '../../backend/src/modules/competitions/standings.service.js';
import { computeStandings, type ScoredRound } from '../../backend/src/modules/competitions/standings/standings.js';
import { EventAttendance, LeagueEvent, Race, RaceEvent } from '../../backend/src/modules/events/event.entities.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../../backend/src/modules/teams/team.entity.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { signIn, type CookieJar } from '../support/sign-in.js';
import { dropTestDatabase } from '../support/test-database.js';
import { DOMAIN_EVENT_QUEUES } from '../../backend/src/infra/outbox/queues.js';
import { traceClock, traceListKey, type PipelineTraceLine } from '../../backend/src/infra/outbox/pipeline-trace.js';
import { percentile } from './measure.js';
import { startBenchSite } from './site.js';
import { seededRandom } from '../../backend/src/common/seeded-random.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '50' }, saves: { type: 'string', default: '30' }, prof: { type: 'string' } },
});
const RUNS = Number(values.runs);
const SAVES = Number(values.saves);
/** Issue 28, goal 4: a result saved → its standings pushed. */
const P95_GOAL_MS = 300;

const ROUNDS = 20;
const RACES: [RaceEventType, number][] = [
  ['SPRINT', 12],
  ['RACE', 20],
  ['FEATURE', 30],
];
const DRIVERS = 60;
const TEAM_SIZE = 4;

const POINTS: PointsSystem = {
  preset: 'SPREAD',
  tables: { RACE: Array.from({ length: 30 }, (_, index) => 30 - index), SPRINT: [10, 8, 6, 5, 4, 3, 2, 1] },
  bonuses: { pole: 1, fastestLap: 1, onlyInsideTop: 10 },
  minimumDistancePercent: 75,
  countBestRounds: 16,
  neverDropLastRounds: 2,
  noShowPenalty: 5,
  dnfScores: false,
  teamBestDrivers: 2,
};

const ms = (value: number) => Math.round(value * 10) / 10;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { runs: samples.length, 'p50 ms': ms(percentile(sorted, 50)), 'p95 ms': ms(percentile(sorted, 95)), 'max ms': ms(sorted[sorted.length - 1]) };
}

/** A race's classification of these drivers: mostly finishers, some DNF short of the distance, a DNS and a DSQ now and then. */
function classification(profileIds: readonly number[], teamOf: (profileId: number) => number | null, laps: number, random: () => number): RaceResultLine[] {
  const order = profileIds.map((profileId) => ({ profileId, score: random() })).sort((a, b) => a.score - b.score);
  return order.map(({ profileId }, index) => {
    const roll = random();
    const status = roll < 0.01 ? 'DNS' : roll < 0.02 ? 'DSQ' : roll < 0.08 ? 'DNF' : 'FINISHED';
    return {
      profileId,
      teamId: teamOf(profileId),
      position: index + 1,
      status,
      laps: status === 'DNS' ? 0 : status === 'DNF' ? Math.floor(laps * random()) : laps - (index > 40 ? 1 : 0),
      totalTimeMs: status === 'FINISHED' ? laps * 100_000 + index * 1_500 : null,
      bestLapMs: status === 'DNS' ? null : 99_000 + Math.floor(random() * 2_000),
      pole: index === 0,
      fastestLap: index === 3,
    };
  });
}

/** The big season in memory, for the pure function: the same shape as the one in the database. */
function roundsInMemory(): ScoredRound[] {
  const random = seededRandom(7);
  const profileIds = Array.from({ length: DRIVERS }, (_, index) => index + 1);
  const teamOf = (profileId: number) => Math.ceil(profileId / TEAM_SIZE);
  return Array.from({ length: ROUNDS }, (_, round) => {
    // Two drivers skip each round; one of them had signed up (a no-show).
    const [away, noShow] = [((round * 7) % DRIVERS) + 1, ((round * 13 + 5) % DRIVERS) + 1];
    const racing = profileIds.filter((id) => id !== away && id !== noShow);
    return {
      eventId: round + 1,
      signedUp: profileIds.filter((id) => id !== away),
      races: RACES.map(([type, laps], race) => ({
        raceId: round * RACES.length + race + 1,
        session: type === 'SPRINT' ? ('SPRINT' as const) : ('RACE' as const),
        lines: classification(racing, teamOf, laps, random).map(({ profileId, teamId, position, status, laps: done, pole, fastestLap }) => ({
          profileId,
          teamId: teamId ?? null,
          position,
          status,
          laps: done,
          pole: !!pole,
          fastestLap: !!fastestLap,
        })),
      })),
    };
  });
}

interface BigSeason {
  seasonId: number;
  /** The race the end-to-end saves rewrite (the last round's feature) and its drivers. */
  lastRace: { eventId: number; raceId: number; laps: number };
  profileIds: number[];
  teamOf: Map<number, number>;
}

/** Writes the big season into the site's database: drivers, teams, 20 rounds, and every race's results through the results service. */
async function writeBigSeason(orm: MikroORM): Promise<BigSeason> {
  const em = orm.em.fork();
  const game = await em.findOneOrFail(Game, { name: 'Assetto Corsa Competizione' });
  const variants = await em.find(TrackVariant, { track: { game } }, { orderBy: { id: 'asc' } });
  const organizer = await em.findOneOrFail(User, { username: 'organizer' });
  const author: Principal = { userId: organizer.id, roles: organizer.roles, flags: roleFlags(organizer.roles), via: 'session' };

  const profiles = Array.from({ length: DRIVERS }, (_, index) => {
    const user = em.create(User, { discordId: `13000000000000${String(index).padStart(5, '0')}`, username: `bench${index}` });
    return em.create(DriverProfile, {
      user,
      driverNumber: 300 + index,
      name: `Bench Driver ${index}`,
      steamUsername: `bench${index}`,
      platforms: ['PC'],
      profileCompleted: true,
    });
  });
  const teams = Array.from({ length: DRIVERS / TEAM_SIZE }, (_, index) => em.create(Team, { name: `Bench Team ${index}`, colour: '#123456', platforms: ['PC'] }));
  profiles.forEach((profile, index) => em.create(TeamMember, { team: teams[Math.floor(index / TEAM_SIZE)], user: profile.user, captain: index % TEAM_SIZE === 0 }));
  const competition = em.create(Competition, { name: 'Standings bench series', style: 'TEAM', game, platforms: ['PC'] });
  const season = em.create(Season, { competition, name: 'Bench season', pointsSystem: POINTS });
  const rounds = Array.from({ length: ROUNDS }, (_, round) => {
    const event = em.create(LeagueEvent, {
      name: `Bench round ${round + 1}`,
      startsAt: new Date(Date.now() - (ROUNDS - round) * 7 * 86_400_000),
      game,
      platforms: ['PC'],
      seats: DRIVERS,
      competitionStyle: 'TEAM',
      carTuningRule: 'ALLOWED',
      carUpgradeRule: 'ALLOWED',
      teamSizeMax: TEAM_SIZE,
      season,
      published: true,
      publishedAt: new Date(),
    });
    const raceEvent = em.create(RaceEvent, { event, position: 0, trackVariant: variants[round % variants.length] });
    const races = RACES.map(([raceEventType, laps], position) => ({ race: em.create(Race, { raceEvent, position, raceEventType, laps }), laps }));
    profiles.forEach((profile, index) => em.create(EventAttendance, { event, profile, team: teams[Math.floor(index / TEAM_SIZE)] }));
    return { event, races };
  });
  await em.flush();

  const profileIds = profiles.map((profile) => profile.id);
  const teamOf = new Map(profiles.map((profile, index) => [profile.id, teams[Math.floor(index / TEAM_SIZE)].id]));
  const random = seededRandom(11);
  const results = ResultsService.on(em);
  for (const [round, { event, races }] of rounds.entries()) {
    // Two drivers sit each round out; one of them stays signed up (a no-show).
    const racing = profileIds.filter((_, index) => index !== (round * 7) % DRIVERS && index !== (round * 13 + 5) % DRIVERS);
    for (const { race, laps } of races) {
      const lines = classification(racing, (id) => teamOf.get(id) ?? null, laps, random);
      await em.transactional(async (tx) => {
        await results.writeRevision(tx, season, { seasonId: season.id, eventId: event.id, raceId: race.id }, lines, author, 'bench', (index) => `results.${index}`);
      });
      em.clear();
    }
    await em.nativeDelete(EventAttendance, { event: event.id, profile: profileIds[(round * 7) % DRIVERS] });
  }
  const last = rounds[ROUNDS - 1];
  const [, , feature] = last.races;
  return { seasonId: season.id, lastRace: { eventId: last.event.id, raceId: feature.race.id, laps: feature.laps }, profileIds, teamOf };
}

/** Waits until the site's worker has stored the season's standings of its latest results and the outbox is drained. */
async function settled(em: EntityManager, seasonId: number): Promise<void> {
  for (let tries = 0; tries < 1200; tries += 1) {
    const [row] = await em.execute<{ current: boolean; pending: number }[]>(
      `select coalesce((select version from season_standings where season_id = ?) = (select results_version from seasons where id = ?), false) as current,
        (select count(*)::int from outbox_events where published_at is null) as pending`,
      [seasonId, seasonId],
    );
    if (row.current && row.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the standings of season ${seasonId} were not stored within 120 s`);
}

/** Waits until the outbox is drained and no job of the domain events' queues is waiting or running: a save's work is all done. */
async function idle(em: EntityManager, queues: Queue[]): Promise<void> {
  for (let tries = 0; tries < 1200; tries += 1) {
    const [{ pending }] = await em.execute<{ pending: number }[]>('select count(*)::int as pending from outbox_events where published_at is null');
    const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized')));
    if (pending === 0 && counts.every((count) => Object.values(count).every((n) => n === 0))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the domain events were not all handled within 120 s');
}

/** Times `run` over `warmUp` + `runs` calls; the warm-up ones are left out. */
async function timed(runs: number, warmUp: number, run: () => Promise<number> | number): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < warmUp + runs; index += 1) {
    const elapsed = await run();
    if (index >= warmUp) samples.push(elapsed);
  }
  return samples;
}

/** CPU time the process has used (user + system), in ms: what a save costs whatever else the machine runs. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One measured save, on the wall clock the pipeline trace uses. */
interface SaveWindow {
  sentAt: number;
  answeredAt: number;
  receivedAt: number;
}

const RECOMPUTE_SUBSCRIBER = 'CompetitionsHandlers.recomputeAfterResult';
const PUSH_SUBSCRIBER = 'Push.SeasonStandingsUpdated.season.standings.changed';

/** Where each save's time went, from the pipeline trace (PADDOCK_PIPELINE_TRACE=1): the recompute's job and the standings push's job of that save. */
function breakdown(windows: SaveWindow[], trace: PipelineTraceLine[]): Record<string, ReturnType<typeof summary>> {
  const within = (line: PipelineTraceLine, window: SaveWindow) => line.occurredAt >= Math.floor(window.sentAt) && line.occurredAt <= window.receivedAt;
  const saves = windows.flatMap((window) => {
    const recompute = trace.find((line) => line.subscriber === RECOMPUTE_SUBSCRIBER && within(line, window));
    const push = trace.findLast((line) => line.subscriber === PUSH_SUBSCRIBER && within(line, window));
    return recompute && push ? [{ window, recompute, push }] : [];
  });
  const phases: [string, (save: (typeof saves)[number]) => number][] = [
    ['PUT sent → ResultPosted recorded (checks, reads, lines built)', ({ window, recompute }) => recompute.occurredAt - window.sentAt],
    ['ResultPosted recorded → PUT answered (flush, commit, answer)', ({ window, recompute }) => window.answeredAt - recompute.occurredAt],
    ['ResultPosted recorded → relay woken', ({ recompute }) => recompute.wokenAt - recompute.occurredAt],
    ['relay woken → recompute job queued', ({ recompute }) => recompute.enqueuedAt - recompute.wokenAt],
    ['queued → recompute started', ({ recompute }) => recompute.startedAt - recompute.enqueuedAt],
    ['recompute ran (its transaction, committed)', ({ recompute }) => recompute.doneAt - recompute.startedAt],
    ['SeasonStandingsUpdated recorded → push job queued', ({ push }) => push.enqueuedAt - push.occurredAt],
    ['queued → push started', ({ push }) => push.startedAt - push.enqueuedAt],
    ['push started → socket received', ({ window, push }) => window.receivedAt - push.startedAt],
  ];
  return Object.fromEntries(phases.map(([label, of]) => [label, summary(saves.map(of))]));
}

interface SaveTarget {
  seasonId: number;
  eventId: number;
  raceId: number;
  /** Two classifications of the race, saved in turn: each save changes the standings. */
  classifications: [RaceResultLine[], RaceResultLine[]];
}

/** Saves `target`'s results `saves` times after 3 warm-up saves: total (PUT sent → push received) and the PUT's own answer time. */
async function endToEnd(baseUrl: string, organizer: CookieJar, target: SaveTarget, saves: number): Promise<{ total: number[]; put: number[]; windows: SaveWindow[] }> {
  const socket: Socket = io(baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
  const ack = (await socket.timeout(5000).emitWithAck('subscribe', { room: `season:${target.seasonId}` })) as { ok: boolean };
  if (!ack.ok) throw new Error(`could not join season:${target.seasonId}`);
  let version = ((await (await fetch(`${baseUrl}/api/seasons/${target.seasonId}/standings`)).json()) as StandingsDto).version;
  const total: number[] = [];
  const put: number[] = [];
  const windows: SaveWindow[] = [];
  try {
    for (let index = 0; index < saves + 3; index += 1) {
      const pushed = new Promise<StandingsDto>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no season.standings.changed after save ${index} within 10 s`)), 10_000);
        const onMessage = (standings: ClientEventMap['season.standings.changed']) => {
          if (standings.seasonId !== target.seasonId || standings.version <= version) return;
          clearTimeout(timer);
          socket.off('season.standings.changed', onMessage);
          resolve(standings);
        };
        socket.on('season.standings.changed', onMessage);
      });
      const started = performance.now();
      const sentAt = traceClock();
      const response = await fetch(`${baseUrl}/api/seasons/${target.seasonId}/events/${target.eventId}/results/${target.raceId}`, {
        method: 'PUT',
        headers: { cookie: organizer.header(), 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: JSON.stringify({ results: target.classifications[index % 2] }),
      });
      const answered = performance.now();
      if (!response.ok) throw new Error(`PUT results answered ${response.status}: ${await response.text()}`);
      const standings = await pushed;
      const received = performance.now();
      version = standings.version;
      if (index >= 3) {
        total.push(received - started);
        put.push(answered - started);
        windows.push({ sentAt, answeredAt: sentAt + (answered - started), receivedAt: sentAt + (received - started) });
      }
    }
  } finally {
    socket.disconnect();
  }
  return { total, put, windows };
}

/** The demo league's SOLO season: its first round's first race, saved as it is and with its first two drivers swapped. */
async function demoTarget(baseUrl: string): Promise<SaveTarget> {
  const current = ((await (await fetch(`${baseUrl}/api/competitions/current`)).json()) as Page<CompetitionSummaryDto>).content;
  const solo = current.find((competition) => competition.style === 'SOLO');
  if (!solo?.currentSeason) throw new Error('the demo league has no current SOLO season');
  const season = (await (await fetch(`${baseUrl}/api/seasons/${solo.currentSeason.id}`)).json()) as SeasonDto;
  const [round] = season.events;
  const [race] = round.raceEvents[0].races;
  const results = (await (await fetch(`${baseUrl}/api/seasons/${season.id}/events/${round.id}/results/${race.id}`)).json()) as { results: RaceResultLine[] };
  const lines = results.results.map(({ profileId, teamId, position, status, laps, totalTimeMs, bestLapMs, pole, fastestLap }) => ({
    profileId,
    teamId,
    position,
    status,
    laps,
    totalTimeMs,
    bestLapMs,
    pole,
    fastestLap,
  }));
  const swapped = lines.map((line) => (line.position <= 2 ? { ...line, position: 3 - line.position } : line));
  return { seasonId: season.id, eventId: round.id, raceId: race.id, classifications: [swapped, lines] };
}

const databaseUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock');
databaseUrl.pathname = `/paddock_bench_standings_${Date.now().toString(36)}`;
const site = await startBenchSite('bench_standings', { WEB_DIST: '', DATABASE_URL: databaseUrl.toString(), PADDOCK_PIPELINE_TRACE: '1' }, { profileDir: values.prof ?? null });
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const queues = DOMAIN_EVENT_QUEUES.map(({ name }) => new Queue(name, { connection: redis, prefix: site.redisPrefix }));
const traceLines = async (): Promise<PipelineTraceLine[]> => (await redis.lrange(traceListKey(site.redisPrefix), 0, -1)).map((line) => JSON.parse(line) as PipelineTraceLine);
const orm = await MikroORM.init(databaseOptions(databaseUrl.toString(), ENTITIES));
try {
  const prepared = performance.now();
  const big = await writeBigSeason(orm);
  await settled(orm.em.fork(), big.seasonId);
  console.log(
    `\nbench:standings — a season of ${ROUNDS} rounds × ${RACES.length} races × ${DRIVERS} drivers (${ROUNDS * RACES.length * (DRIVERS - 2)} result lines: two drivers sit each round out) written and scored in ${ms((performance.now() - prepared) / 1000)} s; load ${load()} before\n`,
  );

  // 1. Recompute.
  const inMemory = roundsInMemory();
  const pure = await timed(RUNS * 4, 20, () => {
    const started = performance.now();
    computeStandings(POINTS, inMemory, [{ id: 1, profileId: 1, eventId: 1, points: 10 }]);
    return performance.now() - started;
  });
  const standings = StandingsService.on(orm.em.fork());
  const inRolledBackTransaction = async (run: (em: EntityManager) => Promise<void>): Promise<number> => {
    const em = orm.em.fork();
    await em.begin();
    try {
      // As a save does: the results version rises, so the recompute stores its snapshot.
      await em.execute('update seasons set results_version = results_version + 1 where id = ?', [big.seasonId]);
      const started = performance.now();
      await run(em);
      return performance.now() - started;
    } finally {
      await em.rollback();
    }
  };
  const loadAndCompute = await timed(RUNS, 5, () => inRolledBackTransaction(async (em) => void (await standings.compute(em, big.seasonId))));
  const recompute = await timed(RUNS, 5, () => inRolledBackTransaction((em) => standings.recompute(em, big.seasonId)));
  console.table({
    'standings function (pure, in memory)': summary(pure),
    'load latest results from PostgreSQL + standings function': summary(loadAndCompute),
    "worker's recompute (load + compute + store snapshot + record push)": summary(recompute),
  });

  // 2. End to end.
  const organizer = await signIn(site.baseUrl, 'organizer');
  const { profileIds, teamOf, lastRace } = big;
  const forward = classification(profileIds, (id) => teamOf.get(id) ?? null, lastRace.laps, seededRandom(3));
  const backward = forward.map((line) => ({ ...line, position: forward.length + 1 - line.position }));
  // Writing the season left its own work queued (its events' subscribers): the saves are timed once it is done.
  await idle(orm.em.fork(), queues);
  const idleFrom = cpuMs(site.apiPid);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idlePercent = (cpuMs(site.apiPid) - idleFrom) / 50;
  const bigCpuFrom = cpuMs(site.apiPid);
  const bigResult = await endToEnd(site.baseUrl, organizer, { seasonId: big.seasonId, ...lastRace, classifications: [backward, forward] }, SAVES);
  const bigTrace = await traceLines();
  await idle(orm.em.fork(), queues);
  const bigCpu = (cpuMs(site.apiPid) - bigCpuFrom) / (SAVES + 3);
  const demo = await demoTarget(site.baseUrl);
  const demoCpuFrom = cpuMs(site.apiPid);
  const demoResult = await endToEnd(site.baseUrl, organizer, demo, SAVES);
  await idle(orm.em.fork(), queues);
  const demoCpu = (cpuMs(site.apiPid) - demoCpuFrom) / (SAVES + 3);
  const goal = (samples: number[]) => {
    const row = summary(samples);
    return { ...row, 'goal p95 ms': P95_GOAL_MS, met: row['p95 ms'] <= P95_GOAL_MS ? 'met' : 'NOT met' };
  };
  const answered = (samples: number[]) => ({ ...summary(samples), 'goal p95 ms': '—', met: '—' });
  console.table({
    [`big season (${ROUNDS}×${RACES.length}×${DRIVERS}): PUT results → season.standings.changed on a socket`]: goal(bigResult.total),
    'big season: PUT results answered': answered(bigResult.put),
    'demo SOLO season (5 rounds × 2 races × 24 drivers): PUT → pushed': goal(demoResult.total),
    'demo SOLO season: PUT results answered': answered(demoResult.put),
  });
  console.log(
    `The site's CPU per save (API + worker, user + system; includes its idle ${idlePercent.toFixed(1)} % of a core): big season ${Math.round(bigCpu)} ms, demo season ${Math.round(demoCpu)} ms.`,
  );
  console.log("Where the big season's saves spend it (pipeline trace):");
  console.table(breakdown(bigResult.windows, bigTrace));
  console.log(`load after: ${load()}`);
} finally {
  await orm.close(true);
  await Promise.all(queues.map((queue) => queue.close()));
  redis.disconnect();
  site.stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await dropTestDatabase(databaseUrl.toString()).catch(() => undefined);
}
process.exit(0);
