/**
 * `npm run bench:realtime` — how fast a headline change reaches N browsers, against a bare
 * Socket.IO broadcast to the same sockets as the baseline, and where the time goes on the way.
 * A benchmark, not a test: it prints two tables.
 *
 *   --clients N   sockets to connect (default 2000)
 *   --rounds R    measured changes per path (default 10)
 *
 * The site runs as `npm start` does (API + worker in one process, built) on a fresh database, with
 * PADDOCK_PIPELINE_TRACE=1: the relay stamps each job and the worker records its way through (see
 * backend/src/infra/outbox/pipeline-trace.ts). The moment the message is published to Redis is seen
 * by a subscriber of the Socket.IO channel here. Every clock is this machine's wall clock.
 * Goals (issue 15): the pipeline adds ≤ 15 ms at p50 over the bare broadcast at 2,000 sockets, and
 * its p95 is ≤ 1.2 × the bare broadcast's at 5,000 sockets. The goal's pipeline is its hops, from the
 * commit to the emitter, so it is measured from the moment the event is recorded in the change's
 * transaction (before its flush and commit); the time from the REST request is printed too.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { traceClock, traceListKey, type PipelineTraceLine } from '../../backend/src/infra/outbox/pipeline-trace.js';
import { signIn } from '../support/sign-in.js';
import { connectAll, percentile } from './measure.js';
import { startBenchSite } from './site.js';

const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '10' } } });
const CLIENTS = Number(values.clients);
const ROUNDS = Number(values.rounds);
const ADDED_P50_GOAL_MS = 15;
const P95_RATIO_GOAL = 1.2;

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
try {
  const sockets = await connectAll(site.baseUrl, CLIENTS);
  const admin = await signIn(site.baseUrl, 'admin');
  const bare = new Emitter(redis, { key: `${site.redisPrefix}:socket.io` });

  // The next message published on the Socket.IO channels (the Redis adapter of every API instance listens there).
  let onPublish: ((at: number) => void) | null = null;
  await channels.psubscribe(`${site.redisPrefix}:socket.io#*`);
  channels.on('pmessageBuffer', () => {
    onPublish?.(traceClock());
    onPublish = null;
  });
  const nextPublish = () => new Promise<number>((resolve) => (onPublish = resolve));

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

  await measure(sockets, nextPublish, 'warm-up', () => changeHeadline('warm-up'));
  const pipeline: Delivery[] = [];
  const baseline: Delivery[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const change = await measure(sockets, nextPublish, `change ${round}`, () => changeHeadline(`change ${round}`));
    pipeline.push(change);
    // The same message as the pipeline's (the whole list), to the same room: only the way it is sent differs.
    const marker = `bare ${round}`;
    const [first, ...rest] = change.message.headlines;
    const message: HeadlinesMessage = { headlines: [{ ...first, text: marker }, ...rest] };
    baseline.push(await measure(sockets, nextPublish, marker, async () => bare.to('everyone').emit('headlines.changed', message)));
  }
  // The worker records a job's line once its idempotency row is written, just after the push.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const traced = (await traceLines()).filter((line) => line.event === 'HeadlineCreated').slice(-ROUNDS);
  if (traced.length !== ROUNDS) throw new Error(`expected ${ROUNDS} traced headline changes, found ${traced.length}`);

  const delays = (deliveries: Delivery[], from: (round: number) => number) => deliveries.flatMap(({ arrivals }, round) => arrivals.map((at) => at - from(round)));
  const summary = (values: number[]) => {
    const sorted = sortedOf(values);
    return { 'p50 ms': ms(percentile(sorted, 50)), 'p95 ms': ms(percentile(sorted, 95)), 'max ms': ms(sorted[sorted.length - 1]) };
  };
  const fromRequest = summary(delays(pipeline, (round) => pipeline[round].startedAt));
  // The pipeline as the goal names its hops (commit → NOTIFY → relay → queue → worker → emitter): from
  // the moment the event is recorded in the change's transaction, so its flush and commit count too.
  const piped = summary(delays(pipeline, (round) => traced[round].occurredAt));
  const bared = summary(delays(baseline, (round) => baseline[round].startedAt));
  console.log(`\nbench:realtime — ${CLIENTS} sockets, ${ROUNDS} rounds each, ${sockets.length * ROUNDS} deliveries per row (the sockets' client shares the machine)\n`);
  console.table({
    'headline change from the REST request (REST → outbox → relay → queue → worker → sockets)': fromRequest,
    'headline change from its event recorded (outbox → relay → queue → worker → sockets)': piped,
    'bare Socket.IO broadcast (Redis emitter)': bared,
  });

  // Per hop, over the rounds; the last two hops per socket.
  const hops: [string, number[]][] = [
    ['REST request → event recorded in its transaction', traced.map((line, i) => line.occurredAt - pipeline[i].startedAt)],
    ['recorded → relay woken (commit, NOTIFY or commit hook)', traced.map((line) => line.wokenAt - line.occurredAt)],
    ['relay woken → pending rows read', traced.map((line) => line.pickedAt - line.wokenAt)],
    ['rows read → jobs queued (cached reads dropped first)', traced.map((line) => line.enqueuedAt - line.pickedAt)],
    ['queued → worker started', traced.map((line) => line.startedAt - line.enqueuedAt)],
    ['worker started → published to Redis (subscriber ran)', traced.map((line, i) => pipeline[i].publishedAt - line.startedAt)],
    ['published → socket received (pipeline)', pipeline.flatMap(({ publishedAt, arrivals }) => arrivals.map((at) => at - publishedAt))],
    ['published → socket received (bare broadcast)', baseline.flatMap(({ publishedAt, arrivals }) => arrivals.map((at) => at - publishedAt))],
    ['REST request → published (the pipeline before the fan-out)', pipeline.map(({ startedAt, publishedAt }) => publishedAt - startedAt)],
    ['event recorded → published (the goal’s hops, before the fan-out)', pipeline.map(({ publishedAt }, i) => publishedAt - traced[i].occurredAt)],
    ['bare: emit → published', baseline.map(({ startedAt, publishedAt }) => publishedAt - startedAt)],
  ];
  console.table(Object.fromEntries(hops.map(([hop, values]) => [hop, { 'p50 ms': ms(percentile(sortedOf(values), 50)), 'p95 ms': ms(percentile(sortedOf(values), 95)) }])));

  const added = piped['p50 ms'] - bared['p50 ms'];
  const ratio = piped['p95 ms'] / bared['p95 ms'];
  console.log(
    `from its event recorded, the pipeline adds ${ms(added)} ms at p50 (goal ≤ ${ADDED_P50_GOAL_MS} ms at 2,000 sockets); p95 ratio ${ratio.toFixed(2)} (goal ≤ ${P95_RATIO_GOAL} at 5,000 sockets)`,
  );
  console.log(
    `from the REST request (the change itself too: session, principal, validation, transaction): adds ${ms(fromRequest['p50 ms'] - bared['p50 ms'])} ms at p50; p95 ratio ${(fromRequest['p95 ms'] / bared['p95 ms']).toFixed(2)}`,
  );
  for (const socket of sockets) socket.disconnect();
} finally {
  redis.disconnect();
  channels.disconnect();
  await site.stopAndDrop();
}
process.exit(0);
