import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { AccLap, AccServerMessage } from '../../backend/src/modules/timing/protocols/acc-broadcasting/messages.js';
import { decodeAccBroadcastingRequest, encodeAccBroadcastingMessage } from '../../backend/src/modules/timing/index.js';

export interface FakeCar {
  carIndex: number;
  raceNumber: number;
  firstName: string;
  lastName: string;
}

const lap = (carIndex: number, lapTimeMs: number | null): AccLap => ({
  lapTimeMs,
  carIndex,
  driverIndex: 0,
  splitsMs: lapTimeMs === null ? [] : [30_000, 35_000, lapTimeMs - 65_000],
  isInvalid: false,
  isValidForBest: lapTimeMs !== null,
  isOutLap: false,
  isInLap: false,
});

/**
 * An ACC server's broadcasting port over real UDP, built with the protocol's encoder: answers a
 * registration with the right password, the entry list and track requests, and while a client is
 * registered sends it a realtime update and one car update per car every `everyMs` (the race moves on:
 * laps count up and the leader changes).
 */
export class FakeAccServer {
  readonly registrations: RemoteInfo[] = [];
  private readonly socket: Socket = createSocket('udp4');
  private client: RemoteInfo | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private tick = 0;

  constructor(
    private readonly password: string,
    private readonly cars: FakeCar[],
    private readonly everyMs = 100,
  ) {}

  get port(): number {
    return this.socket.address().port;
  }

  /** Where the registered ingester listens. */
  get clientAddress(): RemoteInfo | null {
    return this.client;
  }

  async start(): Promise<void> {
    this.socket.on('message', (packet, remote) => this.receive(packet, remote));
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    this.ticker = setInterval(() => this.update(), this.everyMs);
  }

  send(message: AccServerMessage | Buffer): void {
    if (!this.client) return;
    this.socket.send(Buffer.isBuffer(message) ? message : encodeAccBroadcastingMessage(message), this.client.port, this.client.address);
  }

  close(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.socket.close();
  }

  private receive(packet: Buffer, remote: RemoteInfo): void {
    const request = decodeAccBroadcastingRequest(packet);
    if (request.kind === 'register') {
      const success = request.connectionPassword === this.password;
      this.registrations.push(remote);
      if (success) this.client = remote;
      const answer = encodeAccBroadcastingMessage({
        kind: 'registrationResult',
        connectionId: success ? 7 : -1,
        success,
        readOnly: true,
        errorMessage: success ? '' : 'Wrong password',
      });
      this.socket.send(answer, remote.port, remote.address);
    } else if (request.kind === 'requestEntryList' && this.client) {
      this.send({ kind: 'entryList', connectionId: 7, carIndexes: this.cars.map((car) => car.carIndex) });
      for (const car of this.cars) {
        this.send({
          kind: 'entryListCar',
          carIndex: car.carIndex,
          carModelType: 20,
          teamName: 'Paddock Racing',
          raceNumber: car.raceNumber,
          cupCategory: 'overall',
          currentDriverIndex: 0,
          nationality: 0,
          drivers: [{ firstName: car.firstName, lastName: car.lastName, shortName: car.lastName.slice(0, 3).toUpperCase(), category: 'gold', nationality: 0 }],
        });
      }
    } else if (request.kind === 'requestTrackData' && this.client) {
      this.send({ kind: 'trackData', connectionId: 7, trackName: 'Monza Circuit', trackId: 20, trackMeters: 5793, cameraSets: [], hudPages: [] });
    }
  }

  private update(): void {
    if (!this.client) return;
    this.tick += 1;
    const sessionTimeMs = this.tick * this.everyMs * 10;
    this.send({
      kind: 'realtimeUpdate',
      eventIndex: 0,
      sessionIndex: 0,
      sessionType: 'race',
      phase: 'session',
      sessionTimeMs,
      sessionEndTimeMs: 3_600_000,
      focusedCarIndex: 0,
      activeCameraSet: '',
      activeCamera: '',
      currentHudPage: '',
      replay: null,
      timeOfDayMs: 0,
      ambientTempC: 20,
      trackTempC: 25,
      clouds: 0,
      rainLevel: 0,
      wetness: 0,
      bestSessionLap: lap(0, null),
    });
    const leader = Math.floor(this.tick / 10) % this.cars.length;
    this.cars.forEach((car, index) => {
      const laps = Math.floor(this.tick / 5);
      this.send({
        kind: 'realtimeCarUpdate',
        carIndex: car.carIndex,
        driverIndex: 0,
        driverCount: 1,
        gear: 4,
        worldPosX: 0,
        worldPosY: 0,
        yaw: 0,
        location: 'track',
        speedKmh: 200,
        position: ((index - leader + this.cars.length) % this.cars.length) + 1,
        cupPosition: 1,
        trackPosition: 1,
        splinePosition: 0.5,
        laps,
        deltaMs: 0,
        bestSessionLap: lap(car.carIndex, laps > 0 ? 95_000 + index * 100 : null),
        lastLap: lap(car.carIndex, laps > 0 ? 95_000 + index * 100 + (this.tick % 7) : null),
        currentLap: lap(car.carIndex, null),
      });
    });
  }
}
