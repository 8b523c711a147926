import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseResultFile } from '../../competitions/index.js';
import { decodeAcServerPluginPacket } from '../protocols/ac-server-plugin/decode.js';
import { encodeAcServerPluginRequest } from '../protocols/ac-server-plugin/encode.js';
import type { AcDecoded } from '../protocols/ac-server-plugin/messages.js';
import { type AcFeed, loggedAcFeed, scriptAcFeed } from './ac-feed.js';
import { AcServer } from './ac-server.js';
import { type LoggedPacket, packetLogHeader, packetLogLine, parsePacketLog } from './packet-log.js';
import { buildRaceScript } from './race-script.js';
import { ManualScheduler } from './scheduler.js';
import { UdpListener } from './udp-listener.spec-support.js';

const FIXTURE = 'ac-race.json';
const classification = parseResultFile(readFileSync(path.resolve(import.meta.dirname, '../../../../../test/fixtures/results', FIXTURE)), FIXTURE);
const SPEED = 20;
const TICK_MS = 1000;

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
});

async function setUp(feed: AcFeed = scriptAcFeed(buildRaceScript(classification)), record?: (packet: LoggedPacket) => void) {
  const scheduler = new ManualScheduler();
  const plugin = await UdpListener.open();
  const server = await AcServer.start({ feed, host: '127.0.0.1', port: plugin.port, speed: SPEED, realtimeIntervalMs: TICK_MS, scheduler, record });
  opened.push(server, plugin);
  const ofKind = <K extends AcDecoded['kind']>(kind: K) =>
    plugin.packets.map(decodeAcServerPluginPacket).filter((message): message is Extract<AcDecoded, { kind: K }> => message.kind === kind);
  return { scheduler, server, plugin, ofKind };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** Turns the clock a tick at a time, waiting for that tick's packets (`expected` says how many), until the server has played the race. */
async function playToTheEnd({ scheduler, server, plugin }: Setup, expected: (fromMs: number, toMs: number) => number) {
  let ended = false;
  void server.finished.then(() => (ended = true));
  while (!ended) {
    const fromMs = server.raceTimeMs();
    const before = plugin.packets.length;
    scheduler.advance(TICK_MS);
    await plugin.untilCount(before + expected(fromMs, server.raceTimeMs()));
    await Promise.resolve();
  }
}

describe('the simulated AC server', () => {
  it('sends the session, the connections, car updates, laps with the leaderboard, a collision and the end, and answers the plugin', async () => {
    const setup = await setUp();
    const { plugin, server, ofKind } = setup;
    const cars = classification.lines.length;
    await plugin.until(() => ofKind('clientLoaded').length === cars && ofKind('carUpdate').length === cars, 'the session start');
    expect(ofKind('version')).toEqual([{ kind: 'version', protocolVersion: 4 }]);
    expect(ofKind('newSession')[0]).toMatchObject({ track: 'ks_red_bull_ring', trackConfig: 'layout_gp', sessionType: 'race', laps: 5 });
    expect(ofKind('newConnection').map((connection) => [connection.carId, connection.driverName, connection.driverGuid])).toEqual(
      classification.lines.map((line, index) => [index, line.driver.name, line.driver.platformId]),
    );

    plugin.send(encodeAcServerPluginRequest({ kind: 'getCarInfo', carId: 1 }), server.port);
    plugin.send(encodeAcServerPluginRequest({ kind: 'realtimePositionInterval', intervalMs: TICK_MS }), server.port);
    plugin.send(encodeAcServerPluginRequest({ kind: 'getSessionInfo', sessionIndex: -1 }), server.port);
    await plugin.until(() => ofKind('sessionInfo').length === 1, 'the session info');
    expect(ofKind('carInfo')).toEqual([
      expect.objectContaining({ carId: 1, isConnected: true, driverName: classification.lines[1].driver.name, carModel: 'ks_mazda_mx5_cup' }),
    ]);

    await playToTheEnd(setup, () => cars);
    await plugin.until(() => ofKind('endSession').length === 1, 'the end of the session');

    const laps = ofKind('lapCompleted');
    expect(laps).toHaveLength(classification.lines.reduce((sum, line) => sum + line.laps, 0));
    const finalBoard = laps.at(-1)?.leaderboard ?? [];
    expect(finalBoard.map((entry) => entry.carId)).toEqual(classification.lines.map((_, index) => index));
    expect(finalBoard.map((entry) => entry.laps)).toEqual(classification.lines.map((line) => line.laps));
    expect(finalBoard.map((entry) => entry.hasFinished)).toEqual(classification.lines.map((line) => line.status === 'FINISHED'));
    for (const [index, line] of classification.lines.entries()) {
      const own = laps.filter((lap) => lap.carId === index).map((lap) => lap.lapTimeMs);
      if (line.laps > 0) expect(Math.min(...own)).toBe(line.bestLapMs);
      if (line.totalTimeMs !== null) expect(own.reduce((sum, time) => sum + time, 0)).toBe(line.totalTimeMs);
    }
    expect(ofKind('clientEvent')).toEqual([expect.objectContaining({ event: 'collisionWithCar' })]);
    expect(plugin.packets.map(decodeAcServerPluginPacket).at(-1)?.kind).toBe('endSession');
  });

  it('replays a recorded log as the same packets', async () => {
    const recorded: LoggedPacket[] = [];
    const first = await setUp(undefined, (packet) => recorded.push(packet));
    const cars = classification.lines.length;
    await first.plugin.untilCount(2 + 2 * cars + cars);
    await playToTheEnd(first, () => cars);
    await first.plugin.until(() => first.ofKind('endSession').length === 1, 'the end of the session');
    expect(recorded.map((logged) => logged.packet)).toEqual(first.plugin.packets);

    const log = parsePacketLog(packetLogHeader('ac') + recorded.map(packetLogLine).join(''));
    expect(log.packets).toEqual(recorded);
    const replay = await setUp(loggedAcFeed(log.packets));
    const inWindow = (fromMs: number, toMs: number) => log.packets.filter((logged) => logged.atMs > fromMs && logged.atMs <= toMs).length;
    await replay.plugin.untilCount(inWindow(-1, 0));
    await playToTheEnd(replay, inWindow);
    expect(replay.plugin.packets).toEqual(first.plugin.packets);
  });
});
