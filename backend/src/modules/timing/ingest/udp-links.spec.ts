import { afterEach, describe, expect, it } from '@jest/globals';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { decodeAccBroadcastingRequest } from '../protocols/acc-broadcasting/decode.js';
import { encodeAccBroadcastingMessage } from '../protocols/acc-broadcasting/encode.js';
import { decodeAcServerPluginRequest } from '../protocols/ac-server-plugin/decode.js';
import { encodeAcServerPluginMessage } from '../protocols/ac-server-plugin/encode.js';
import type { TimingMessage } from '../session/timing-session.js';
import { openLink, type IngestSource, type TimingLink } from './udp-links.js';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const closable of opened.splice(0)) closable.close();
});

/** A UDP socket on 127.0.0.1 that records what it receives. */
async function udpPeer(): Promise<{ socket: Socket; port: number; received: { packet: Buffer; from: RemoteInfo }[] }> {
  const socket = createSocket('udp4');
  const received: { packet: Buffer; from: RemoteInfo }[] = [];
  socket.on('message', (packet, from) => received.push({ packet, from }));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  opened.push(socket);
  return { socket, port: socket.address().port, received };
}

async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const source = (overrides: Partial<IngestSource>): IngestSource => ({
  raceId: 1,
  game: 'ACC',
  host: '127.0.0.1',
  port: 0,
  localPort: null,
  password: 'pw',
  commandPassword: null,
  updatedAt: 0,
  ...overrides,
});

async function open(link: TimingLink): Promise<TimingLink> {
  await link.start();
  opened.push(link);
  return link;
}

describe('the ACC link', () => {
  it('registers with the password, asks for the entry list and track once registered, and ignores other addresses', async () => {
    const server = await udpPeer();
    const delivered: TimingMessage[] = [];
    const link = await open(openLink(source({ port: server.port }), (message) => delivered.push(message)));
    await until(() => server.received.length === 1);
    expect(decodeAccBroadcastingRequest(server.received[0].packet)).toMatchObject({ kind: 'register', connectionPassword: 'pw', commandPassword: '', updateIntervalMs: 250 });

    const client = server.received[0].from;
    server.socket.send(
      encodeAccBroadcastingMessage({ kind: 'registrationResult', connectionId: 3, success: true, readOnly: true, errorMessage: '' }),
      client.port,
      client.address,
    );
    await until(() => server.received.length === 3);
    expect(server.received.slice(1).map(({ packet }) => decodeAccBroadcastingRequest(packet))).toEqual([
      { kind: 'requestEntryList', connectionId: 3 },
      { kind: 'requestTrackData', connectionId: 3 },
    ]);

    const stranger = await udpPeer();
    stranger.socket.send(encodeAccBroadcastingMessage({ kind: 'entryList', connectionId: 3, carIndexes: [9] }), client.port, client.address);
    server.socket.send(Buffer.from([4, 1, 0]), client.port, client.address);
    server.socket.send(encodeAccBroadcastingMessage({ kind: 'entryList', connectionId: 3, carIndexes: [1, 2] }), client.port, client.address);
    await until(() => delivered.length === 2);
    await until(() => link.counts.foreign === 1);
    expect(delivered.map(({ message }) => message.kind)).toEqual(['registrationResult', 'entryList']);
    expect(link.counts).toEqual({ received: 3, foreign: 1, malformed: 1 });
  });
});

describe('the AC link', () => {
  it('listens on its port, asks the server for the update rate, the session and unknown cars', async () => {
    const server = await udpPeer();
    const listener = await udpPeer();
    const localPort = listener.port;
    listener.socket.close();
    opened.splice(opened.indexOf(listener.socket), 1);
    const delivered: TimingMessage[] = [];
    const link = await open(openLink(source({ game: 'AC', port: server.port, localPort }), (message) => delivered.push(message)));
    expect(link.localPort).toBe(localPort);
    await until(() => server.received.length === 2);
    expect(server.received.map(({ packet }) => decodeAcServerPluginRequest(packet))).toEqual([
      { kind: 'realtimePositionInterval', intervalMs: 250 },
      { kind: 'getSessionInfo', sessionIndex: -1 },
    ]);

    const update = encodeAcServerPluginMessage({
      kind: 'carUpdate',
      carId: 4,
      position: { x: 0, y: 0, z: 0 },
      velocity: { x: 0, y: 0, z: 0 },
      gear: 3,
      engineRpm: 7000,
      normalizedSplinePosition: 0.5,
    });
    server.socket.send(update, localPort, '127.0.0.1');
    await until(() => server.received.length === 3);
    expect(decodeAcServerPluginRequest(server.received[2].packet)).toEqual({ kind: 'getCarInfo', carId: 4 });
    expect(delivered).toEqual([{ game: 'AC', message: expect.objectContaining({ kind: 'carUpdate', carId: 4 }) }]);

    const stranger = await udpPeer();
    stranger.socket.send(update, localPort, '127.0.0.1');
    await until(() => link.counts.foreign === 1);
    expect(delivered).toHaveLength(1);
  });
});
