/**
 * `npm run bench:realtime` — how fast a headline change reaches N browsers, against a bare
 * Socket.IO broadcast to the same sockets as the baseline, and where the time goes on the way.
 * A benchmark, not a test: it prints a table of runs and, per size, where the time goes.
 *
 *   --sizes N,M   socket counts, one after the other on one site (default 2000,5000)
 *   --runs K      runs per size (default 3), each its own figures and verdict
 *   --rounds R    measured changes per path in a run (default 10)
 *
 * The site runs as `npm start` does (API + worker in one process, built) on a fresh database, with
 * PADDOCK_PIPELINE_TRACE=1: the relay stamps each job and the worker records its way through (see
 * backend/src/infra/outbox/pipeline-trace.ts). The moment the message is published to Redis is seen
 * by a subscriber of the Socket.IO channel here. Every clock is this machine's wall clock.
 * Goals (issue 28): the pipeline adds ≤ 12 ms at p50 over the bare broadcast at 2,000 sockets, and
 * its p95 is ≤ 1.2 × the bare broadcast's at 5,000 sockets, in every run. The goal's pipeline is its hops, from the
 * commit to the emitter, so it is measured from the moment the event is recorded in the change's
 * transaction (before its flush and commit); the time from the REST request is printed too.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { traceClock, traceListKey, type PipelineTraceLine } from '../../backend/src/infra/outbox/pipeline-trace.js';
import { signIn } from '../support/sign-in.js';
import { connectAll, percentile } from './measure.js';
import { startBenchSite } from './site.js';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '2000,5000' }, runs: { type: 'string', default: '3' }, rounds: { type: 'string', default: '10' } },
});
const SIZES = values.sizes.split(',').map(Number);
const RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);
const ADDED_P50_GOAL_MS = 12;
const ADDED_P50_GOAL_AT = 2000;
const P95_RATIO_GOAL = 1.2;
const P95_RATIO_GOAL_AT = 5000;

interface HeadlinesMessage {
  headlines: { text: string }[];
}

/** One change: when it was asked for, when it was published to Redis, each socket's arrival time (wall clock, ms), and the message. */
interface Delivery {
  startedAt: number;
  publishedAt: number;
  arrivals: number[];
  message: HeadlinesMessage;
}

/** Fires `trigger` and waits until every socket received the message carrying `marker`. */
async function measure(sockets: Socket[], published: () => Promise<number>, marker: string, trigger: () => Promise<unknown>): Promise<Delivery> {
  let message: HeadlinesMessage = { headlines: [] };
  const arrivals = sockets.map(
    (socket) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${marker} within 30 s`)), 30_000);
        const onMessage = (payload: HeadlinesMessage) => {
          if (payload.headlines[0]?.text !== marker) return;
          clearTimeout(timer);
          socket.off('headlines.changed', onMessage);
          message = payload;
          resolve(traceClock());
        };
        socket.on('headlines.changed', onMessage);
      }),
  );
  const publishedAt = published();
  const startedAt = traceClock();
  await trigger();
  return { startedAt, publishedAt: await publishedAt, arrivals: await Promise.all(arrivals), message };
}

const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => Math.round(value * 10) / 10;

const site = await startBenchSite('bench_realtime', { WEB_DIST: '', PADDOCK_PIPELINE_TRACE: '1' });
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const channels = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sockets: Socket[] = [];
try {
  const admin = await signIn(site.baseUrl, 'admin');
  const bare = new Emitter(redis, { key: `${site.redisPrefix}:socket.io` });

  // When the message carrying the marker is published on the Socket.IO channels (the Redis adapter of
  // every API instance listens there). Others go there too (the demo race's live frames), so the marker
  // is looked for in the message's bytes.
  let onPublish: { marker: Buffer; resolve: (at: number) => void } | null = null;
  await channels.psubscribe(`${site.redisPrefix}:socket.io#*`);
  channels.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) => {
    const at = traceClock();
    if (!onPublish || !message.includes(onPublish.marker)) return;
    onPublish.resolve(at);
    onPublish = null;
  });
  const publishOf = (marker: string) => () => new Promise<number>((resolve) => (onPublish = { marker: Buffer.from(marker), resolve }));

  const changeHeadline = (text: string) =>
    fetch(`${site.baseUrl}/api/headlines`, {
      method: 'POST',
      headers: { cookie: admin.header(), 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    }).then((response) => {
      if (response.status !== 201 && response.status !== 200) throw new Error(`POST /api/headlines answered ${response.status}`);
    });
  const traceLines = async (): Promise<PipelineTraceLine[]> =>
    (await redis.lrange(traceListKey(site.redisPrefix), 0, -1)).map((line) => JSON.parse(line) as PipelineTraceLine);
  const load = () => loadavg()[0].toFixed(1);
  const summary = (values: number[]) => {
    const sorted = sortedOf(values);
    return { p50: ms(percentile(sorted, 50)), p95: ms(percentile(sorted, 95)) };
  };
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

  const runsTable: Record<string, string | number>[] = [];
  const verdicts: string[] = [];
  for (const size of SIZES) {
    if (sockets.length < size) sockets.push(...(await connectAll(site.baseUrl, size - sockets.length)));
    const live = sockets.slice(0, size);
    for (const socket of sockets.slice(size)) socket.disconnect();
    sockets.length = size;
    const runs: { pipeline: Delivery[]; baseline: Delivery[]; traced: PipelineTraceLine[] }[] = [];
    let addedMet = 0;
    let ratioMet = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      const loadAtStart = load();
      const warmUp = `warm-up ${size} ${run}`;
      await measure(live, publishOf(warmUp), warmUp, () => changeHeadline(warmUp));
      const pipeline: Delivery[] = [];
      const baseline: Delivery[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const marker = `change ${size} ${run} ${round}`;
        const change = await measure(live, publishOf(marker), marker, () => changeHeadline(marker));
        pipeline.push(change);
        // The same message as the pipeline's (the whole list), to the same room: only the way it is sent differs.
        const bareMarker = `bare ${size} ${run} ${round}`;
        const [first, ...rest] = change.message.headlines;
        const message: HeadlinesMessage = { headlines: [{ ...first, text: bareMarker }, ...rest] };
        baseline.push(await measure(live, publishOf(bareMarker), bareMarker, async () => bare.to('everyone').emit('headlines.changed', message)));
      }
      // The worker records a job's line once its idempotency row is written, just after the push.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const traced = (await traceLines()).filter((line) => line.event === 'HeadlineCreated').slice(-ROUNDS);
      if (traced.length !== ROUNDS) throw new Error(`expected ${ROUNDS} traced headline changes, found ${traced.length}`);
      runs.push({ pipeline, baseline, traced });

      const delays = (deliveries: Delivery[], from: (round: number) => number) => deliveries.flatMap(({ arrivals }, round) => arrivals.map((at) => at - from(round)));
      // The pipeline as the goal names its hops (commit → NOTIFY → relay → queue → worker → emitter): from
      // the moment the event is recorded in the change's transaction, so its flush and commit count too.
      const piped = summary(delays(pipeline, (round) => traced[round].occurredAt));
      const bared = summary(delays(baseline, (round) => baseline[round].startedAt));
      const fromRequest = summary(delays(pipeline, (round) => pipeline[round].startedAt));
      const added = ms(piped.p50 - bared.p50);
      const ratio = Number((piped.p95 / bared.p95).toFixed(2));
      const row: Record<string, string | number> = {
        sockets: size,
        run,
        load: `${loadAtStart} → ${load()}`,
        'from recorded p50 / p95': `${piped.p50} / ${piped.p95}`,
        'bare p50 / p95': `${bared.p50} / ${bared.p95}`,
        'adds at p50': added,
        'p95 ratio': ratio,
        'from REST: adds / ratio': `${ms(fromRequest.p50 - bared.p50)} / ${(fromRequest.p95 / bared.p95).toFixed(2)}`,
      };
      if (size === ADDED_P50_GOAL_AT) {
        row[`goal: adds ≤ ${ADDED_P50_GOAL_MS} ms`] = verdict(added <= ADDED_P50_GOAL_MS);
        if (added <= ADDED_P50_GOAL_MS) addedMet += 1;
      }
      if (size === P95_RATIO_GOAL_AT) {
        row[`goal: ratio ≤ ${P95_RATIO_GOAL}`] = verdict(ratio <= P95_RATIO_GOAL);
        if (ratio <= P95_RATIO_GOAL) ratioMet += 1;
      }
      runsTable.push(row);
      process.stderr.write('.');
    }
    if (size === ADDED_P50_GOAL_AT)
      verdicts.push(`adds ≤ ${ADDED_P50_GOAL_MS} ms at p50 at ${size} sockets: met in ${addedMet} of ${RUNS} runs (goal: every run) — ${verdict(addedMet === RUNS)}`);
    if (size === P95_RATIO_GOAL_AT)
      verdicts.push(`p95 ratio ≤ ${P95_RATIO_GOAL} at ${size} sockets: met in ${ratioMet} of ${RUNS} runs (goal: every run) — ${verdict(ratioMet === RUNS)}`);

    // Per hop, over every run of this size; the last two hops per socket.
    const all = <T>(pick: (run: (typeof runs)[number]) => T[]) => runs.flatMap(pick);
    const hops: [string, number[]][] = [
      ['REST request → event recorded in its transaction', all(({ traced, pipeline }) => traced.map((line, i) => line.occurredAt - pipeline[i].startedAt))],
      ['recorded → relay woken (commit, NOTIFY or commit hook)', all(({ traced }) => traced.map((line) => line.wokenAt - line.occurredAt))],
      ['relay woken → pending rows read', all(({ traced }) => traced.map((line) => line.pickedAt - line.wokenAt))],
      ['rows read → jobs queued (cached reads dropped first)', all(({ traced }) => traced.map((line) => line.enqueuedAt - line.pickedAt))],
      ['queued → worker started', all(({ traced }) => traced.map((line) => line.startedAt - line.enqueuedAt))],
      ['worker started → published to Redis (subscriber ran)', all(({ traced, pipeline }) => traced.map((line, i) => pipeline[i].publishedAt - line.startedAt))],
      ['published → socket received (pipeline)', all(({ pipeline }) => pipeline.flatMap(({ publishedAt, arrivals }) => arrivals.map((at) => at - publishedAt)))],
      ['published → socket received (bare broadcast)', all(({ baseline }) => baseline.flatMap(({ publishedAt, arrivals }) => arrivals.map((at) => at - publishedAt)))],
      ['REST request → published (the pipeline before the fan-out)', all(({ pipeline }) => pipeline.map(({ startedAt, publishedAt }) => publishedAt - startedAt))],
      [
        'event recorded → published (the goal’s hops, before the fan-out)',
        all(({ traced, pipeline }) => pipeline.map(({ publishedAt }, i) => publishedAt - traced[i].occurredAt)),
      ],
      ['bare: emit → published', all(({ baseline }) => baseline.map(({ startedAt, publishedAt }) => publishedAt - startedAt))],
    ];
    console.log(`\n${size} sockets: where the time goes, over ${RUNS} runs × ${ROUNDS} rounds (ms)`);
    console.table(Object.fromEntries(hops.map(([hop, values]) => [hop, summary(values)])));
  }

  console.log(`\nbench:realtime — ${RUNS} runs per size, ${ROUNDS} rounds each (one delivery per socket per round; the sockets' client shares the machine)`);
  console.log('From recorded: from the moment the event is recorded in the change’s transaction (the goal’s pipeline); adds: its p50 less the bare broadcast’s (ms).\n');
  console.table(runsTable);
  for (const line of verdicts) console.log(line);
} finally {
  for (const socket of sockets) socket.disconnect();
  redis.disconnect();
  channels.disconnect();
  await site.stopAndDrop();
}
process.exit(0);
