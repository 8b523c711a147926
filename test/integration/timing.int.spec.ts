import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import type { LiveIncident, LiveTiming, LiveTimingFrame, TimingSourceDto } from '../../backend/src/contracts/timing.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeAccBroadcastingMessage, startSimulation, type Simulation } from '../../backend/src/modules/timing/index.js';
import { LiveDraftsService, parseResultFile } from '../../backend/src/modules/competitions/index.js';
import { Race } from '../../backend/src/modules/events/event.entities.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { newDriver } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/free-port.js';
import { FakeAccServer } from '../support/fake-acc-server.js';
import type { CookieJar } from '../support/sign-in.js';
import { collectMessages, connectSocket, nextMessage, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { killWorker, spawnWorker } from '../support/worker-process.js';

const PASSWORD = 'connection-secret-4711';
const COMMAND_PASSWORD = 'command-secret-0815';
const CARS = [
  { carIndex: 0, raceNumber: 7, firstName: 'Ana', lastName: 'Sousa' },
  { carIndex: 1, raceNumber: 11, firstName: 'Jon', lastName: 'Berg' },
  { carIndex: 2, raceNumber: 23, firstName: 'Mia', lastName: 'Kuhn' },
];

const versionOf = (frame: LiveTimingFrame) => (frame.kind === 'snapshot' ? frame.timing.version : frame.version);

/**
 * No frame a viewer got is older than one it had: the pushed deltas strictly increase, and the snapshot
 * a viewer gets as it joins is at most the version of the first delta after it.
 */
function expectNeverOlder(frames: LiveTimingFrame[]): void {
  const versions = frames.map((frame) => `${frame.kind === 'snapshot' ? 's' : 'd'}${versionOf(frame)}`);
  frames.forEach((frame, index) => {
    if (index === 0) return;
    const [version, previous] = [versionOf(frame), versionOf(frames[index - 1])];
    const newer = frame.kind === 'delta' && frames[index - 1].kind === 'delta' ? version > previous : version >= previous;
    if (!newer) throw new Error(`Frame ${index} (version ${version}) is older than the one before: ${versions.join(' ')}`);
  });
}

describe('live timing: a game server through the worker to every browser', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  let server: FakeAccServer;
  const workers: ChildProcess[] = [];
  const sockets: Socket[] = [];
  let organizer: CookieJar;
  let raceId: number;
  let anaProfileId: number;

  beforeAll(async () => {
    a = await startTestApp({ worker: false });
    b = await startTestApp({ worker: false, databaseUrl: a.databaseUrl });
    workers.push(await spawnWorker(a.config), await spawnWorker(a.config));
    redis = new Redis(a.config.redisUrl);
    server = new FakeAccServer(PASSWORD, CARS);
    await server.start();
    // Signed-in requests go to B, where the sign-in was made (as realtime-faults does); sockets and public reads use both.
    organizer = await b.signIn('organizer');
    const event = await newEvent(a.em());
    raceId = (await a.em().findOneOrFail(Race, { raceEvent: { event } })).id;
    // Ana Sousa entered the event: the tower links her profile; the others are guests.
    const ana = await newDriver(a.em(), { profile: { name: 'Ana Sousa' } });
    anaProfileId = ana.profile.id;
    await newAttendance(a.em(), event, ana.profile);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    server?.close();
    await Promise.all(workers.map((worker) => killWorker(worker, 'SIGTERM')));
    await redis?.quit();
    await b?.close();
    await a?.close();
  });

  const viewer = async (app: TestApp, as?: CookieJar) => {
    const socket = await connectSocket(app.baseUrl, { as });
    sockets.push(socket);
    return socket;
  };

  it('refuses a malformed source with 400s and an unknown race with 404', async () => {
    const put = (path: string, json: unknown) => b.request(path, { method: 'PUT', as: organizer, json });
    const valid = { game: 'ACC', host: '127.0.0.1', port: 9000 };
    for (const body of [
      { ...valid, game: 'IRACING' },
      { ...valid, port: 70000 },
      { ...valid, port: '9000' },
      { ...valid, host: 'game server; rm -rf' },
      { ...valid, host: '' },
      { ...valid, game: 'AC' },
      { ...valid, password: 'x'.repeat(129) },
      { ...valid, password: 42 },
    ]) {
      const response = await put(`/api/races/${raceId}/timing-source`, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect((await put('/api/races/0/timing-source', valid)).status).toBe(400);
    expect((await put('/api/races/999999/timing-source', valid)).status).toBe(404);
    expect((await b.request(`/api/races/${raceId}/timing-source`, { as: organizer })).status).toBe(404);
    expect((await a.request(`/api/races/${raceId}/timing`)).status).toBe(404);
    expect(await (await a.request(`/api/races/${raceId}/timing`)).json()).toMatchObject({ status: 404, message: expect.any(String) });
  });

  it('streams the race to viewers on both API instances, survives the ingesting worker being killed, and ignores other addresses', async () => {
    const steward = await b.signIn('steward');
    const viewers = [await viewer(a), await viewer(b), await viewer(b, await b.signIn('driver'))];
    const stewardSocket = await viewer(b, steward);
    expect(await subscribe(stewardSocket, 'flag:isSteward')).toEqual({ ok: true });
    const frames = viewers.map((socket) => collectMessages(socket, 'live.frame'));
    for (const socket of viewers) expect(await subscribe(socket, `live:${raceId}`)).toEqual({ ok: true });

    const saved = await b.request(`/api/races/${raceId}/timing-source`, {
      method: 'PUT',
      as: organizer,
      json: { game: 'ACC', host: '127.0.0.1', port: server.port, password: PASSWORD, commandPassword: COMMAND_PASSWORD },
    });
    expect(saved.status).toBe(200);
    const savedText = await saved.text();
    expect(JSON.parse(savedText) as TimingSourceDto).toEqual({
      raceId,
      game: 'ACC',
      host: '127.0.0.1',
      port: server.port,
      localPort: null,
      hasPassword: true,
      hasCommandPassword: true,
      updatedAt: expect.any(String),
    });

    // Every viewer sees the cars with their names and laps counting up.
    await eventually(() => {
      for (const received of frames) {
        expect(received.length).toBeGreaterThan(3);
        expect(JSON.stringify(received)).toContain('Ana Sousa');
      }
    }, 10_000);

    // A viewer joining now gets the whole timing at once.
    const late = await viewer(b);
    const welcome = nextMessage(late, 'live.frame', () => true, 5000);
    expect(await subscribe(late, `live:${raceId}`)).toEqual({ ok: true });
    const first = await welcome;
    expect(first.kind).toBe('snapshot');
    if (first.kind === 'snapshot') expect(first.timing.cars.map((car) => car.raceNumber).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([7, 11, 23]);
    frames.push(collectMessages(late, 'live.frame'));

    // A packet from another address (same host, another port) is ignored; a malformed one from the server is dropped.
    const ingester = server.clientAddress!;
    const rogue = createSocket('udp4');
    const intruder = encodeAccBroadcastingMessage({
      kind: 'entryListCar',
      carIndex: 1,
      carModelType: 20,
      teamName: 'Nobody',
      raceNumber: 99,
      cupCategory: 'overall',
      currentDriverIndex: 0,
      nationality: 0,
      drivers: [{ firstName: 'Rogue', lastName: 'Intruder', shortName: 'INT', category: 'gold', nationality: 0 }],
    });
    await new Promise<void>((resolve) => rogue.send(intruder, ingester.port, ingester.address, () => resolve()));
    rogue.close();
    server.send(Buffer.from([2, 1]));
    server.send(Buffer.from([250, 0, 0, 0]));

    // The source reports an accident: stewards hear of it live and list it.
    const incident = nextMessage(stewardSocket, 'live.incident', () => true, 5000);
    server.send({ kind: 'broadcastingEvent', eventType: 'accident', message: 'Crash', timeMs: 61_000, carIndex: 2 });
    expect(await incident).toMatchObject({ raceId, kind: 'ACCIDENT' });
    const listed = (await (await b.request(`/api/races/${raceId}/incidents`, { as: steward })).json()) as LiveIncident[];
    expect(listed).toEqual([expect.objectContaining({ raceId, kind: 'ACCIDENT' })]);

    // Kill the worker holding the race's lease, mid-race; the other takes over within 5 s and resumes above every version seen.
    const leaseKey = `${a.config.redisPrefix}:timing:${raceId}:lease`;
    const holder = (await redis.get(leaseKey))!;
    const victim = workers.find((worker) => holder.includes(`:${worker.pid}:`))!;
    expect(victim).toBeDefined();
    const survivor = workers.find((worker) => worker !== victim)!;
    const seenBefore = Math.max(...frames.flat().map(versionOf));
    await killWorker(victim, 'SIGKILL');
    const killedAt = Date.now();
    // The survivor has registered with the game server too: frames the victim pushed just before it died can still
    // arrive after the lease moved, so newer versions alone do not show the survivor at work.
    await eventually(async () => {
      expect((await redis.get(leaseKey)) ?? '').toContain(`:${survivor.pid}:`);
      expect(server.registrations.length).toBeGreaterThanOrEqual(2);
      for (const received of frames) expect(Math.max(...received.map(versionOf))).toBeGreaterThan(seenBefore);
    }, 5_000);
    expect(Date.now() - killedAt).toBeLessThanOrEqual(5_000);

    // Keeps going on the survivor.
    const resumed = Math.max(...frames.flat().map(versionOf));
    await eventually(() => {
      for (const received of frames) expect(Math.max(...received.map(versionOf))).toBeGreaterThan(resumed);
    }, 5_000);

    for (const received of frames) expectNeverOlder(received);
    const everything = JSON.stringify(frames);
    expect(everything).not.toContain('Intruder');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(COMMAND_PASSWORD);

    // The timing as it is now, and the source, from either instance: no password in any answer.
    const timingResponse = await a.request(`/api/races/${raceId}/timing`);
    expect(timingResponse.status).toBe(200);
    const timingText = await timingResponse.text();
    const timing = JSON.parse(timingText) as LiveTiming;
    expect(timing).toMatchObject({ raceId, game: 'ACC', trackName: 'Monza Circuit' });
    expect(timing.cars.map(({ driverName, profileId }) => ({ driverName, profileId })).sort((x, y) => x.driverName.localeCompare(y.driverName))).toEqual([
      { driverName: 'Ana Sousa', profileId: anaProfileId },
      { driverName: 'Jon Berg', profileId: null },
      { driverName: 'Mia Kuhn', profileId: null },
    ]);
    expect(timing.version).toBeGreaterThan(seenBefore);
    const sourceText = await (await b.request(`/api/races/${raceId}/timing-source`, { as: organizer })).text();
    for (const text of [savedText, timingText, sourceText, JSON.stringify(listed)]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(COMMAND_PASSWORD);
    }
  }, 60_000);

  it('keeps a password left out of a change and stops ingesting a removed source', async () => {
    const changed = await b.request(`/api/races/${raceId}/timing-source`, {
      method: 'PUT',
      as: organizer,
      json: { game: 'ACC', host: '127.0.0.1', port: server.port, commandPassword: null },
    });
    expect(await changed.json()).toMatchObject({ hasPassword: true, hasCommandPassword: false });
    const leaseKey = `${a.config.redisPrefix}:timing:${raceId}:lease`;
    await eventually(async () => expect(await redis.get(leaseKey)).not.toBeNull(), 5_000);
    expect((await b.request(`/api/races/${raceId}/timing-source`, { method: 'DELETE', as: organizer })).status).toBe(204);
    await eventually(async () => expect(await redis.get(leaseKey)).toBeNull(), 5_000);
    expect((await b.request(`/api/races/${raceId}/timing-source`, { as: organizer })).status).toBe(404);
  }, 30_000);

  it('reads an Assetto Corsa server through its plugin port (the simulator playing a result file) to the flag', async () => {
    const event = await newEvent(a.em());
    const acRaceId = (await a.em().findOneOrFail(Race, { raceEvent: { event } })).id;
    const pluginPort = await freePort();
    const resultFile = readFileSync(path.resolve(import.meta.dirname, '../fixtures/results/ac-race.json'));
    const simulation: Simulation = await startSimulation({
      game: 'ac',
      source: { resultFile, fileName: 'ac-race.json' },
      port: pluginPort,
      host: '127.0.0.1',
      password: '',
      speed: 40,
    });
    try {
      const watcher = await viewer(a);
      const frames = collectMessages(watcher, 'live.frame');
      expect(await subscribe(watcher, `live:${acRaceId}`)).toEqual({ ok: true });
      const saved = await b.request(`/api/races/${acRaceId}/timing-source`, {
        method: 'PUT',
        as: organizer,
        json: { game: 'AC', host: '127.0.0.1', port: simulation.port, localPort: pluginPort },
      });
      expect(await saved.json()).toMatchObject({ game: 'AC', localPort: pluginPort, hasPassword: false });
      await eventually(async () => {
        const timing = (await (await a.request(`/api/races/${acRaceId}/timing`)).json()) as LiveTiming;
        expect(timing.cars.map((car) => car.driverName)).toEqual(expect.arrayContaining(['Marco Rossi', 'Kenji Watanabe']));
        expect(timing.cars.some((car) => car.laps > 0)).toBe(true);
      }, 20_000);
      await simulation.finished;
      await eventually(async () => {
        const timing = (await (await a.request(`/api/races/${acRaceId}/timing`)).json()) as LiveTiming;
        expect(timing.session).toMatchObject({ kind: 'RACE', phase: 'FINISHED', flag: 'CHEQUERED' });
      }, 5_000);
      // At the flag the ingesting worker hands the race's classification to competitions as its live draft.
      const fileOrder = parseResultFile(resultFile, 'ac-race.json').lines.map((line) => [line.driver.name, line.status]);
      await eventually(async () => {
        const draft = await a.app.get(LiveDraftsService).draftOf(acRaceId);
        expect(draft?.lines.map((line) => [line.driver.name, line.status])).toEqual(fileOrder);
      }, 5_000);
      expect(frames.length).toBeGreaterThan(0);
      expectNeverOlder(frames);
    } finally {
      await b.request(`/api/races/${acRaceId}/timing-source`, { method: 'DELETE', as: organizer });
      await simulation.close();
    }
  }, 60_000);
});
