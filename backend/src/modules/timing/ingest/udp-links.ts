import { lookup } from 'node:dns/promises';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { TimingGame } from '../../../contracts/timing.js';
import { decodeAccBroadcastingPacket } from '../protocols/acc-broadcasting/decode.js';
import { encodeAccBroadcastingRequest } from '../protocols/acc-broadcasting/encode.js';
import type { AccRequest, AccServerMessage } from '../protocols/acc-broadcasting/messages.js';
import { decodeAcServerPluginPacket } from '../protocols/ac-server-plugin/decode.js';
import { encodeAcServerPluginRequest } from '../protocols/ac-server-plugin/encode.js';
import type { AcRequest, AcServerMessage } from '../protocols/ac-server-plugin/messages.js';
import type { TimingMessage } from '../session/timing-session.js';

/** What the ingester reads of a source (the passwords included: the worker is the one place that needs them). */
export interface IngestSource {
  raceId: number;
  game: TimingGame;
  host: string;
  port: number;
  localPort: number | null;
  password: string | null;
  commandPassword: string | null;
  updatedAt: number;
}

/** Counts of packets not applied, for the logs. */
export interface LinkCounts {
  received: number;
  /** From an address other than the source's: ignored. */
  foreign: number;
  /** Truncated, garbled, or of a type we do not know: dropped. */
  malformed: number;
}

/** A source silent this long is asked again (ACC: registered again; AC: its session info and update rate asked again). */
export const SILENT_MS = 5_000;
/** How often the link asks ACC and AC for updates. */
export const UPDATE_INTERVAL_MS = 250;
/** An unknown car asks for the entry list (or car info) at most this often. */
const ASK_AGAIN_MS = 1_000;

export interface TimingLink {
  readonly counts: LinkCounts;
  /** The local UDP port (for the logs and tests). */
  readonly localPort: number;
  start(): Promise<void>;
  close(): void;
}

type Deliver = (message: TimingMessage, receivedAtMs: number) => void;

export function openLink(source: IngestSource, deliver: Deliver): TimingLink {
  return source.game === 'ACC' ? new AccLink(source, deliver) : new AcLink(source, deliver);
}

abstract class UdpLink implements TimingLink {
  readonly counts: LinkCounts = { received: 0, foreign: 0, malformed: 0 };
  protected socket: Socket | null = null;
  protected address = '';
  protected lastPacketAt = 0;
  private watchdog: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    protected readonly source: IngestSource,
    protected readonly deliver: Deliver,
  ) {}

  get localPort(): number {
    return this.socket?.address().port ?? 0;
  }

  async start(): Promise<void> {
    const resolved = await lookup(this.source.host);
    this.address = resolved.address;
    const socket = createSocket(resolved.family === 6 ? 'udp6' : 'udp4');
    this.socket = socket;
    socket.on('message', (packet, remote) => this.receive(packet, remote));
    // A send to an unreachable port reports an error on some systems: the watchdog tries again.
    socket.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.bindPort(), () => {
        socket.off('error', reject);
        resolve();
      });
    });
    if (this.closed) return this.close();
    this.lastPacketAt = Date.now();
    this.hello();
    this.watchdog = setInterval(() => {
      if (Date.now() - this.lastPacketAt >= SILENT_MS) this.hello();
    }, SILENT_MS);
    this.watchdog.unref();
  }

  close(): void {
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.goodbye();
    this.socket?.close();
    this.socket = null;
  }

  protected abstract bindPort(): number;
  /** Asks the server for updates (at the start and when it went silent). */
  protected abstract hello(): void;
  protected goodbye(): void {}
  protected abstract handle(packet: Buffer, receivedAtMs: number): void;

  protected send(packet: Buffer): void {
    this.socket?.send(packet, this.source.port, this.address);
  }

  private receive(packet: Buffer, remote: RemoteInfo): void {
    if (remote.address !== this.address || remote.port !== this.source.port) {
      this.counts.foreign += 1;
      return;
    }
    this.counts.received += 1;
    this.lastPacketAt = Date.now();
    this.handle(packet, this.lastPacketAt);
  }
}

/** ACC's broadcasting protocol: we register with the connection password, then ask for the entry list and the track. */
class AccLink extends UdpLink {
  private connectionId: number | null = null;
  private readonly knownCars = new Set<number>();
  private entryListAskedAt = 0;

  protected bindPort(): number {
    return 0;
  }

  protected hello(): void {
    this.connectionId = null;
    this.request({
      kind: 'register',
      displayName: 'Paddock',
      connectionPassword: this.source.password ?? '',
      updateIntervalMs: UPDATE_INTERVAL_MS,
      commandPassword: this.source.commandPassword ?? '',
    });
  }

  protected override goodbye(): void {
    if (this.connectionId !== null) this.request({ kind: 'unregister', connectionId: this.connectionId });
  }

  protected handle(packet: Buffer, receivedAtMs: number): void {
    const decoded = decodeAccBroadcastingPacket(packet);
    if (decoded.kind === 'malformed' || decoded.kind === 'unknown') {
      this.counts.malformed += 1;
      return;
    }
    this.follow(decoded);
    this.deliver({ game: 'ACC', message: decoded }, receivedAtMs);
  }

  private follow(message: AccServerMessage): void {
    if (message.kind === 'registrationResult') {
      if (!message.success) return;
      this.connectionId = message.connectionId;
      this.askEntryList(true);
      this.request({ kind: 'requestTrackData', connectionId: message.connectionId });
    } else if (message.kind === 'entryList') {
      this.knownCars.clear();
      for (const carIndex of message.carIndexes) this.knownCars.add(carIndex);
    } else if (message.kind === 'realtimeCarUpdate' && !this.knownCars.has(message.carIndex)) {
      // A car joined since the entry list: ask again, as the SDK's client does.
      this.askEntryList(false);
    }
  }

  private askEntryList(now: boolean): void {
    if (this.connectionId === null || (!now && Date.now() - this.entryListAskedAt < ASK_AGAIN_MS)) return;
    this.entryListAskedAt = Date.now();
    this.request({ kind: 'requestEntryList', connectionId: this.connectionId });
  }

  private request(request: AccRequest): void {
    this.send(encodeAccBroadcastingRequest(request));
  }
}

/** Assetto Corsa's server plugin: the server sends to our port; we ask for the session, the cars and the update rate. */
class AcLink extends UdpLink {
  private readonly askedCars = new Map<number, number>();

  protected bindPort(): number {
    return this.source.localPort ?? 0;
  }

  protected hello(): void {
    this.request({ kind: 'realtimePositionInterval', intervalMs: UPDATE_INTERVAL_MS });
    this.request({ kind: 'getSessionInfo', sessionIndex: -1 });
  }

  protected handle(packet: Buffer, receivedAtMs: number): void {
    const decoded = decodeAcServerPluginPacket(packet);
    if (decoded.kind === 'malformed' || decoded.kind === 'unknown') {
      this.counts.malformed += 1;
      return;
    }
    this.follow(decoded);
    this.deliver({ game: 'AC', message: decoded }, receivedAtMs);
  }

  private follow(message: AcServerMessage): void {
    if (message.kind === 'carInfo') this.askedCars.set(message.carId, Number.POSITIVE_INFINITY);
    else if (message.kind === 'newConnection' || message.kind === 'connectionClosed') this.askedCars.delete(message.carId);
    if ((message.kind === 'carUpdate' || message.kind === 'newConnection' || message.kind === 'lapCompleted') && !this.askedCars.has(message.carId)) {
      this.askCar(message.carId);
    } else if (message.kind === 'carUpdate' && Date.now() - (this.askedCars.get(message.carId) ?? 0) >= ASK_AGAIN_MS) {
      this.askCar(message.carId);
    }
  }

  private askCar(carId: number): void {
    this.askedCars.set(carId, Date.now());
    this.request({ kind: 'getCarInfo', carId });
  }

  private request(request: AcRequest): void {
    this.send(encodeAcServerPluginRequest(request));
  }
}
