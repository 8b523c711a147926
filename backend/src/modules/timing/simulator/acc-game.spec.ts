import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseResultFile } from '../../competitions/index.js';
import { decodeAccBroadcastingPacket } from '../protocols/acc-broadcasting/decode.js';
import { encodeAccBroadcastingRequest } from '../protocols/acc-broadcasting/encode.js';
import type { AccDecoded, AccRealtimeCarUpdate } from '../protocols/acc-broadcasting/messages.js';
import { loggedAccFeed, scriptAccFeed } from './acc-feed.js';
import { AccGame } from './acc-game.js';
import { type LoggedPacket, packetLogHeader, packetLogLine, parsePacketLog } from './packet-log.js';
import { buildRaceScript } from './race-script.js';
import { ManualScheduler } from './scheduler.js';
import { UdpListener } from './udp-listener.spec-support.js';

const FIXTURE = 'acc-race.utf16le.json';
const classification = parseResultFile(readFileSync(path.resolve(import.meta.dirname, '../../../../../test/fixtures/results', FIXTURE)), FIXTURE);
const PASSWORD = 'asd';
const INTERVAL_MS = 250;
const SPEED = 50;

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
});

async function setUp(feed = scriptAccFeed(buildRaceScript(classification)), record?: (packet: LoggedPacket) => void) {
  const scheduler = new ManualScheduler();
  const game = await AccGame.start({ feed, port: 0, connectionPassword: PASSWORD, speed: SPEED, scheduler, record });
  const client = await UdpListener.open();
  opened.push(game, client);
  const decoded = (): AccDecoded[] => client.packets.map(decodeAccBroadcastingPacket);
  const ofKind = <K extends AccDecoded['kind']>(kind: K) => decoded().filter((message): message is Extract<AccDecoded, { kind: K }> => message.kind === kind);
  return { scheduler, game, client, decoded, ofKind, feed };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

async function register({ client, game, ofKind }: Setup, connectionPassword = PASSWORD) {
  client.send(encodeAccBroadcastingRequest({ kind: 'register', displayName: 'Paddock', connectionPassword, updateIntervalMs: INTERVAL_MS, commandPassword: '' }), game.port);
  await client.until(() => ofKind('registrationResult').length === 1, 'the registration result');
  return ofKind('registrationResult')[0];
}

/** Turns the clock one update interval at a time, waiting for each update to arrive, until the game has played the race. */
async function playToTheEnd({ scheduler, client, game, ofKind }: Setup) {
  let ended = false;
  void game.finished.then(() => (ended = true));
  while (!ended) {
    // Each update ends with the cars' updates.
    const carUpdates = ofKind('realtimeCarUpdate').length;
    scheduler.advance(INTERVAL_MS);
    await client.until(() => ofKind('realtimeCarUpdate').length >= carUpdates + classification.lines.length, 'the cars’ updates');
    await Promise.resolve();
  }
}

describe('the simulated ACC game', () => {
  it('registers a client, answers its entry list and track data requests and plays the file race to its finishing order', async () => {
    const setup = await setUp();
    const { client, game, ofKind } = setup;
    const result = await register(setup);
    expect(result).toMatchObject({ success: true, errorMessage: '' });

    client.send(encodeAccBroadcastingRequest({ kind: 'requestEntryList', connectionId: result.connectionId }), game.port);
    client.send(encodeAccBroadcastingRequest({ kind: 'requestTrackData', connectionId: result.connectionId }), game.port);
    await client.until(() => ofKind('entryListCar').length === classification.lines.length && ofKind('trackData').length === 1, 'the entry list and track data');
    expect(ofKind('entryList')[0].carIndexes).toEqual(classification.lines.map((_, index) => index));
    expect(ofKind('entryListCar').map((car) => [car.raceNumber, `${car.drivers[0].firstName} ${car.drivers[0].lastName}`])).toEqual(
      classification.lines.map((line) => [line.driver.raceNumber, line.driver.name]),
    );
    expect(ofKind('trackData')[0]).toMatchObject({ trackName: 'monza', trackMeters: 5793 });

    await playToTheEnd(setup);

    const lastUpdate = ofKind('realtimeUpdate').at(-1);
    expect(lastUpdate?.phase).toBe('postSession');
    const finalCars = ofKind('realtimeCarUpdate').slice(-classification.lines.length);
    const byPosition = [...finalCars].sort((a, b) => a.position - b.position);
    expect(byPosition.map((car) => car.carIndex)).toEqual(classification.lines.map((_, index) => index));
    expect(byPosition.map((car) => car.laps)).toEqual(classification.lines.map((line) => line.laps));
    const bestOf = (carIndex: number) =>
      Math.min(
        ...ofKind('realtimeCarUpdate').flatMap((car: AccRealtimeCarUpdate) => (car.carIndex === carIndex && car.lastLap.lapTimeMs !== null ? [car.lastLap.lapTimeMs] : [])),
      );
    for (const [index, line] of classification.lines.entries()) if (line.laps > 0) expect(bestOf(index)).toBe(line.bestLapMs);

    const events = ofKind('broadcastingEvent');
    expect(events.filter((event) => event.eventType === 'lapCompleted')).toHaveLength(classification.lines.reduce((sum, line) => sum + line.laps, 0));
    expect(events.filter((event) => event.eventType === 'accident')).toHaveLength(2);
    expect(events.filter((event) => event.eventType === 'sessionOver')).toEqual([expect.objectContaining({ carIndex: 0, timeMs: 1532845 })]);
    expect(events.filter((event) => event.eventType === 'bestSessionLap').at(-1)?.message).toBe('1:48.197');
    expect(ofKind('realtimeCarUpdate').some((car) => car.location === 'pitlane' && car.laps > 0)).toBe(true);
    expect(new Set(ofKind('realtimeCarUpdate').map((car) => `${car.carIndex}:${car.position}`))).toContain('1:1');
  });

  it('refuses a wrong connection password and sends that client nothing more', async () => {
    const setup = await setUp();
    expect(await register(setup, 'wrong')).toMatchObject({ success: false, errorMessage: 'Password incorrect' });
    setup.scheduler.advance(INTERVAL_MS * 4);
    expect(setup.scheduler.pending).toBe(0);
    expect(setup.client.packets).toHaveLength(1);
  });

  it('replays a recorded log as the same packets', async () => {
    const recorded: LoggedPacket[] = [];
    const first = await setUp(undefined, (packet) => recorded.push(packet));
    const playThrough = async (setup: Setup) => {
      const { connectionId } = await register(setup);
      setup.client.send(encodeAccBroadcastingRequest({ kind: 'requestEntryList', connectionId }), setup.game.port);
      await setup.client.until(() => setup.ofKind('entryListCar').length === classification.lines.length, 'the entry list');
      setup.client.send(encodeAccBroadcastingRequest({ kind: 'requestTrackData', connectionId }), setup.game.port);
      await setup.client.until(() => setup.ofKind('trackData').length === 1, 'the track data');
      await playToTheEnd(setup);
      return setup.client.packets.slice(1);
    };
    const original = await playThrough(first);
    expect(recorded.map((logged) => logged.packet)).toEqual(original);

    const log = parsePacketLog(packetLogHeader('acc') + recorded.map(packetLogLine).join(''));
    expect(log.packets).toEqual(recorded);
    const replayed = await playThrough(await setUp(loggedAccFeed(log.packets)));
    expect(replayed).toEqual(original);
  });
});
